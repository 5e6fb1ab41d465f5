import 'server-only';
import { AppError } from '@/lib/server/http/app-error';

/**
 * Fixed-window counters per key, in process. One instance per server process: behind a load balancer each instance
 * limits on its own (a shared Redis store is the scale-out step, see README 'Past one machine').
 */
const windows = new Map<string, { count: number; resetAt: number }>();
const MAX_KEYS = 50_000;

export type RateLimit = { name: string; limit: number; windowMs: number };

export function checkRateLimit(rule: RateLimit, key: string, now = Date.now()): void {
  const id = `${rule.name}:${key}`;
  let entry = windows.get(id);
  if (!entry || entry.resetAt <= now) {
    if (windows.size >= MAX_KEYS) {
      for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
      if (windows.size >= MAX_KEYS) windows.clear();
    }
    entry = { count: 0, resetAt: now + rule.windowMs };
    windows.set(id, entry);
  }
  entry.count += 1;
  if (entry.count > rule.limit) {
    throw new AppError('E_RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.');
  }
}

export function clientIp(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || headers.get('x-real-ip') || 'local';
}

/** Sign-in endpoints: 20 attempts a minute per IP. */
export const SIGN_IN_LIMIT: RateLimit = { name: 'sign-in', limit: 20, windowMs: 60_000 };
