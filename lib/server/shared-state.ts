import 'server-only';

/*
 * What one app instance shares with the others, as interfaces: the rate-limit counters and the bus that carries cache
 * invalidations. The in-process defaults (rate-limit.ts, cache.ts) and the Redis implementations (redis/) implement
 * them; here, so that neither side imports the other to name the type.
 */

/** Counts hits per key in fixed windows; answers the count so far and the time left in the window. */
export interface RateLimitStore {
  hit(id: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

/** What a change invalidates: memo tags and page paths. */
export type Invalidation = { tags: string[]; paths: string[] };

/** How the other instances hear of an invalidation that this one has applied to itself already. */
export interface InvalidationBus {
  publish(invalidation: Invalidation): Promise<void>;
}
