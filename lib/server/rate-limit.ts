import 'server-only';
import { serverEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/app-error';
import { log } from '@/lib/server/log';
import { sharedRedis } from '@/lib/server/redis/connection';
import { redisRateLimitStore } from '@/lib/server/redis/rate-limit-store';
import type { RateLimitStore } from './shared-state';

/**
 * Fixed-window rate limits per rule and client. The counters live in process (one server) or, with REDIS_URL, in
 * Redis, so every instance behind a load balancer counts against the same limit.
 */

export type RateLimit = { name: string; limit: number; windowMs: number };

/**
 * Where the counters live. `hit` counts one request under `id` and answers the count of its current window and the
 * milliseconds until that window ends (the 429's Retry-After).
 */

const MAX_KEYS = 50_000;

/** Counters in a Map: this process's own count (the embedded default). A window starts at its first hit. */
export function memoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(id, windowMs) {
      const now = Date.now();
      let entry = windows.get(id);
      if (!entry || entry.resetAt <= now) {
        if (windows.size >= MAX_KEYS) {
          for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
          if (windows.size >= MAX_KEYS) windows.clear();
        }
        entry = { count: 0, resetAt: now + windowMs };
        windows.set(id, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - now };
    },
  };
}

export type RateLimiter = (rule: RateLimit, key: string) => Promise<void>;

/**
 * Throws E_RATE_LIMITED past the rule's limit. A store that fails (Redis down) lets the request through: refusing
 * every sign-in while the counters are unreachable would be worse than not limiting for that time. It warns once
 * per outage rather than once per request.
 */
export function createRateLimiter(store: RateLimitStore): RateLimiter {
  let failing = false;
  return async (rule, key) => {
    let count: number;
    let resetInMs: number;
    try {
      ({ count, resetInMs } = await store.hit(`${rule.name}:${key}`, rule.windowMs));
    } catch (err) {
      if (!failing) log.warn('rate-limit store unavailable: requests are not limited until it answers', { rule: rule.name, err });
      failing = true;
      return;
    }
    if (failing) log.info('rate-limit store answers again: limits apply');
    failing = false;
    if (count > rule.limit) {
      // Retry-After: the seconds until this window ends (a window whose expiry the store lost counts as a whole one).
      const seconds = resetInMs > 0 ? resetInMs / 1000 : rule.windowMs / 1000;
      throw new AppError('E_RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.', undefined, undefined, { retryAfterSeconds: seconds });
    }
  };
}

let limiter: RateLimiter | undefined;

/** The process's limiter, over Redis when REDIS_URL is set, else in process. */
export function checkRateLimit(rule: RateLimit, key: string): Promise<void> {
  if (!limiter) {
    const redis = sharedRedis();
    limiter = createRateLimiter(redis ? redisRateLimitStore(redis.commands) : memoryRateLimitStore());
  }
  return limiter(rule, key);
}

/** The key of every client whose address is not known: they share one limit. */
export const UNKNOWN_CLIENT = 'unknown';
/** Longer than any IPv6 address with a zone; a longer entry is cut, so a client cannot grow the counters' keys. */
const MAX_CLIENT_KEY = 64;

/**
 * The client's address as the nearest untrusted hop saw it. Each proxy appends the address of its peer to
 * X-Forwarded-For, and whatever the client wrote itself comes before those, so only the right-most
 * TRUSTED_PROXY_HOPS entries are ours: with N trusted proxies (scripts/serve.ts is one) the client is the N-th from the
 * right. With none, nothing in the header can be believed (nor X-Real-IP, which any client can send either).
 */
export function clientIp(headers: Headers, trustedHops: number = serverEnv().TRUSTED_PROXY_HOPS): string {
  if (trustedHops <= 0) return UNKNOWN_CLIENT;
  // Headers joins repeated X-Forwarded-For lines with ', ', in order, as a proxy appending a line would mean.
  const entries = headers.get('x-forwarded-for')?.split(',') ?? [];
  const entry = entries.length >= trustedHops ? entries[entries.length - trustedHops].trim() : '';
  // An IPv4 peer of a dual-stack socket reads '::ffff:a.b.c.d': one client, one key either way.
  const address = entry.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return address ? address.slice(0, MAX_CLIENT_KEY) : UNKNOWN_CLIENT;
}

/** Sign-in endpoints: 20 attempts a minute per IP. */
export const SIGN_IN_LIMIT: RateLimit = { name: 'sign-in', limit: 20, windowMs: 60_000 };
