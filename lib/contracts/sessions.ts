import { z } from 'zod';

/**
 * Watch-session bodies (spec §3 'Watch session', §7 'Watch sessions'), shared by the route handlers and the player.
 * The rules that need the stored session (never-decreasing counters, watch time bounded by the time since the
 * session started, ownership) live in lib/server/sessions.
 */

export const WATCH_SESSION_STATUS = ['active', 'paused', 'completed', 'stopped'] as const;
export type WatchSessionStatusValue = (typeof WATCH_SESSION_STATUS)[number];

/** Counters a real viewer could never exceed in one session; anything above is junk. */
const MAX_COUNT = 100_000;
/** A session longer than a day is not a viewer watching a short drama. */
export const MAX_WATCH_SECONDS = 86_400;

const isoDate = z.iso.datetime({ offset: true });

export const deviceInfoSchema = z.object({
  userAgent: z.string().max(512).optional(),
  platform: z.string().max(64).optional(),
  screenResolution: z.string().max(32).optional(),
  viewport: z.string().max(32).optional(),
  isMobile: z.boolean().optional(),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

export const createWatchSessionSchema = z.object({
  userId: z.string().min(1).max(64),
  videoId: z.string().regex(/^[0-9a-f]{24}$/, 'a video id'),
  sessionStartTime: isoDate,
  deviceInfo: deviceInfoSchema.optional(),
  // The spec sends null; no location is collected.
  location: z.null().optional(),
  videoQuality: z
    .string()
    .regex(/^(auto|\d{3,4}p)$/, "'auto' or a height like '720p'")
    .default('auto'),
});
export type CreateWatchSessionBody = z.infer<typeof createWatchSessionSchema>;

export const updateWatchSessionSchema = z
  .object({
    userId: z.string().min(1).max(64),
    isPaused: z.boolean().optional(),
    resumeCount: z.number().int().min(0).max(MAX_COUNT).optional(),
    pauseCount: z.number().int().min(0).max(MAX_COUNT).optional(),
    status: z.enum(WATCH_SESSION_STATUS).optional(),
    totalWatchTime: z.number().min(0).max(MAX_WATCH_SECONDS).optional(),
    watchPercentage: z.number().min(0).max(100).optional(),
    sessionEndTime: isoDate.optional(),
    isCompleted: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'userId'), 'nothing to update')
  .refine((b) => !(b.isCompleted === true && b.status !== undefined && b.status !== 'completed'), {
    message: "isCompleted goes with status 'completed'",
    path: ['isCompleted'],
  });
export type UpdateWatchSessionBody = z.infer<typeof updateWatchSessionSchema>;

export const sessionIdParamsSchema = z.object({ sessionId: z.string().min(1).max(64) });
export const userIdParamsSchema = z.object({ userId: z.string().min(1).max(64) });

// ---- wire types (the answers' shapes, read by the client and produced by lib/server/sessions) ----


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

// ---- answers and bodies of the sessions calls (lib/api/sessions.ts) ----


export type Answer<T> = { success: boolean; status: boolean; message: string; data: T };
