import 'server-only';
import type { RateLimitStore } from '@/lib/server/shared-state';
import type { RedisConnection } from './connection';

/**
 * Counts a hit and, on the window's first hit, starts the window's expiry. One script so the steps are atomic: a
 * counter left without an expiry would lock its client out for good. Answers {count, milliseconds left}.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/** Fixed-window counters in Redis, one key per rule and client, shared by every instance that uses the same Redis. */
export function redisRateLimitStore(redis: RedisConnection, keyPrefix = 'kilig:rate:'): RateLimitStore {
  return {
    hit: (id, windowMs) =>
      redis.run(async (client) => {
        const reply = await client.eval(HIT_SCRIPT, { keys: [keyPrefix + id], arguments: [String(windowMs)] });
        const [count, resetInMs] = Array.isArray(reply) ? reply : [];
        if (typeof count !== 'number' || typeof resetInMs !== 'number') throw new Error(`unexpected reply from the rate-limit script: ${String(reply)}`);
        return { count, resetInMs };
      }),
  };
}
