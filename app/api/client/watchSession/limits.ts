import type { RateLimit } from '@/lib/server/rate-limit';

/**
 * Per signed-in user (these routes require a token, and the route wrapper keys a signed-in call's limit on the token's
 * user), so viewers behind one carrier NAT address each have their own: a viewer starts one session per episode; the
 * player sends an update on play, pause, end and every 15 s. Calls without a valid token count per client address.
 */
export const WATCH_SESSION_CREATE_LIMIT: RateLimit = { name: 'watch-session-create', limit: 60, windowMs: 60_000 };
export const WATCH_SESSION_UPDATE_LIMIT: RateLimit = { name: 'watch-session-update', limit: 300, windowMs: 60_000 };
