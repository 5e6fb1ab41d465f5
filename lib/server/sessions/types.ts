import type { DeviceInfo, WatchSessionStatusValue } from '@/lib/validation/sessions';

/** A watch session as the API answers it (spec §3 'Watch session'). Type-only: the player imports it too. */
export type WatchSession = {
  _id: string;
  userId: string;
  videoId: string;
  sessionStartTime: string;
  sessionEndTime: string | null;
  deviceInfo: DeviceInfo | null;
  location: null;
  videoQuality: string;
  totalWatchTime: number;
  watchPercentage: number;
  isPaused: boolean;
  pauseCount: number;
  resumeCount: number;
  isCompleted: boolean;
  status: WatchSessionStatusValue;
};
