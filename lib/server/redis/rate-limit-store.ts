import 'server-only';
import type { RateLimitStore } from '@/lib/server/rate-limit';
import type { RedisConnection } from './connection';

/**
 * Counts a hit and, on the window's first hit, starts the window's expiry. One script so the two steps are atomic:
 * a counter left without an expiry would lock its client out for good.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** Fixed-window counters in Redis, one key per rule and client, shared by every instance that uses the same Redis. */
export function redisRateLimitStore(redis: RedisConnection, keyPrefix = 'kilig:rate:'): RateLimitStore {
  return {
    hit: (id, windowMs) =>
      redis.run(async (client) => {
        const count = await client.eval(HIT_SCRIPT, { keys: [keyPrefix + id], arguments: [String(windowMs)] });
        if (typeof count !== 'number') throw new Error(`unexpected reply from the rate-limit script: ${String(count)}`);
        return count;
      }),
  };
}
