import type { RateLimit } from '@/lib/server/rate-limit';

/** Per IP: a viewer starts one session per episode; the player sends an update on play, pause, end and every 15 s. */
export const WATCH_SESSION_CREATE_LIMIT: RateLimit = { name: 'watch-session-create', limit: 60, windowMs: 60_000 };
export const WATCH_SESSION_UPDATE_LIMIT: RateLimit = { name: 'watch-session-update', limit: 300, windowMs: 60_000 };
