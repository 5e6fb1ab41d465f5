import type { BufferingGoal } from '../constants';
import { bufferingFor, deviceClass, readEnvironment, type DeviceClass } from '../device';
import { checkFairPlayCertificate } from '../fairplay';
import { loadShaka, type EngineUrls } from '../load-shaka';
import type { Platform } from '../manifest-chain';
import { onQualityChange, readQuality, type Quality } from '../quality';
import type { DrmServers } from './config';
import { platformOf, type Shaka } from './create';
import { DRM_ENV } from './drm-env';
import { takeBootedPlayer, type BootedStart } from './handoff';
import { prefetchLicence, takePrefetchedLicence } from './licence';

/** What a session takes from the browser and the app: the real ones here, plain objects in its unit tests. */
export type SessionEnv = {
  loadShaka: (urls?: EngineUrls) => Promise<Shaka>;
  /** The page's inline start's player for this <video>, if it fits (handoff.ts). */
  takeBooted: (video: HTMLVideoElement, videoId: string, isMobile: boolean) => BootedStart | null;
  prefetchLicence: (media: { licenseUrl: string; drmKeyId: string }) => void;
  takeLicence: (url: string) => Promise<string | null> | null;
  drm: DrmServers;
  /** The device's and network's buffering goals (spec §9). */
  buffering: () => BufferingGoal;
  /** Spec §9's device class: a low-end device decodes no episode ahead (standby.ts). */
  deviceClass: () => DeviceClass;
  platform: (isMobile: boolean) => Platform;
  checkFairPlay: () => void;
  /** The viewer's stored quality (data saver), and its changes while the player is open. */
  quality: () => Quality;
  onQualityChange: (listener: (quality: Quality) => void) => () => void;
};

export const browserEnv: SessionEnv = {
  loadShaka,
  takeBooted: takeBootedPlayer,
  prefetchLicence,
  takeLicence: takePrefetchedLicence,
  drm: DRM_ENV,
  buffering: () => bufferingFor(readEnvironment()),
  deviceClass: () => deviceClass(readEnvironment()),
  platform: platformOf,
  checkFairPlay: () => void checkFairPlayCertificate(),
  quality: readQuality,
  onQualityChange,
};
