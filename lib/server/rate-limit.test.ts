import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkRateLimit, createRateLimiter, memoryRateLimitStore, SIGN_IN_LIMIT, type RateLimitStore } from './rate-limit';

const rule = { name: 'test', limit: 2, windowMs: 1_000 };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('rate limiter', () => {
  it('allows up to the limit per key, then answers E_RATE_LIMITED', async () => {
    const limit = createRateLimiter(memoryRateLimitStore());
    await limit(rule, 'a');
    await limit(rule, 'a');
    await expect(limit(rule, 'a')).rejects.toMatchObject({ code: 'E_RATE_LIMITED', status: 429 });
    await expect(limit(rule, 'b')).resolves.toBeUndefined();
    await expect(limit({ ...rule, name: 'other' }, 'a')).resolves.toBeUndefined();
  });

  it('counts again from zero when the window has passed', async () => {
    vi.useFakeTimers();
    const limit = createRateLimiter(memoryRateLimitStore());
    await limit(rule, 'a');
    await limit(rule, 'a');
    await expect(limit(rule, 'a')).rejects.toMatchObject({ code: 'E_RATE_LIMITED' });
    vi.advanceTimersByTime(1_000);
    await expect(limit(rule, 'a')).resolves.toBeUndefined();
  });

  it('lets requests through when its store fails, warning once per outage', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    let down = true;
    let count = 0;
    const store: RateLimitStore = {
      hit: async () => {
        if (down) throw new Error('connection refused');
        return ++count;
      },
    };
    const limit = createRateLimiter(store);
    for (let i = 0; i < 5; i++) await expect(limit(rule, 'a')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('rate-limit store unavailable');

    down = false;
    await limit(rule, 'a');
    await limit(rule, 'a');
    await expect(limit(rule, 'a')).rejects.toMatchObject({ code: 'E_RATE_LIMITED' });
  });

  it('checkRateLimit counts in process when REDIS_URL is unset', async () => {
    const ip = `10.0.0.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < SIGN_IN_LIMIT.limit; i++) await checkRateLimit(SIGN_IN_LIMIT, ip);
    await expect(checkRateLimit(SIGN_IN_LIMIT, ip)).rejects.toMatchObject({ code: 'E_RATE_LIMITED' });
  });
});
