import 'server-only';
import type { RateLimit } from '@/lib/server/rate-limit';

/**
 * Unlocking writes and locks the user's row; a viewer taps a few times a minute, auto-unlock adds one per episode.
 * Generous, since a double tap or a race is answered idempotently (never charged twice) anyway.
 */
export const UNLOCK_LIMIT: RateLimit = { name: 'coin-unlock', limit: 120, windowMs: 60_000 };
/** recordCoinPlanHistory: called once after each top-up. */
export const RECORD_LIMIT: RateLimit = { name: 'coin-record', limit: 60, windowMs: 60_000 };
/** Changing the auto-unlock settings. */
export const SETTINGS_LIMIT: RateLimit = { name: 'coin-settings', limit: 30, windowMs: 60_000 };
