import { publicEnv } from '@/lib/public-env';
import type { DrmServers } from './config';

/** The licence servers this build was configured with (all empty: the local ClearKey setup). */
export const DRM_ENV: DrmServers = {
  widevine: publicEnv.NEXT_PUBLIC_DRM_WIDEVINE_URL,
  playready: publicEnv.NEXT_PUBLIC_DRM_PLAYREADY_URL,
  fairplay: publicEnv.NEXT_PUBLIC_DRM_FAIRPLAY_URL,
};
