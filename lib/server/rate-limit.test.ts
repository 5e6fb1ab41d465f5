import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetServerEnvForTests } from '@/lib/env';
import { checkRateLimit, clientIp, createRateLimiter, memoryRateLimitStore, SIGN_IN_LIMIT } from './rate-limit';
import type { RateLimitStore } from './shared-state';
import type { AppError } from './http/app-error';
import { errorResponse } from './http/handler';

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

  it("answers 429 with Retry-After: the whole seconds until the window ends (issue 20 item 10)", async () => {
    vi.useFakeTimers();
    const limit = createRateLimiter(memoryRateLimitStore());
    const minute = { name: 'retry', limit: 1, windowMs: 60_000 };
    await limit(minute, 'a');
    vi.advanceTimersByTime(15_500);
    const err = await limit(minute, 'a').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'E_RATE_LIMITED', status: 429, retryAfterSeconds: 45 });
    const res = errorResponse(err as AppError);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('45');
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
        return { count: ++count, resetInMs: 1_000 };
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

describe('clientIp', () => {
  const forwarded = (...values: string[]) => {
    const h = new Headers();
    for (const v of values) h.append('x-forwarded-for', v);
    return h;
  };
  /** Runs `fn` with TRUSTED_PROXY_HOPS set as the process environment says it. */
  const withHops = <T>(hops: string | undefined, fn: () => T): T => {
    const before = process.env.TRUSTED_PROXY_HOPS;
    if (hops === undefined) delete process.env.TRUSTED_PROXY_HOPS;
    else process.env.TRUSTED_PROXY_HOPS = hops;
    resetServerEnvForTests();
    try {
      return fn();
    } finally {
      if (before === undefined) delete process.env.TRUSTED_PROXY_HOPS;
      else process.env.TRUSTED_PROXY_HOPS = before;
      resetServerEnvForTests();
    }
  };

  it('with one trusted hop (scripts/serve.ts), takes the entry that proxy appended, not what the client wrote', () => {
    withHops(undefined, () => {
      expect(clientIp(forwarded('203.0.113.9'))).toBe('203.0.113.9');
      // The client writes any left-most entries it likes; serve.ts appends the real peer.
      expect(clientIp(forwarded('1.1.1.1, 2.2.2.2, 203.0.113.9'))).toBe('203.0.113.9');
      expect(clientIp(forwarded(`${Math.random()}`, '203.0.113.9'))).toBe('203.0.113.9');
      expect(clientIp(forwarded('1.1.1.1,203.0.113.9'))).toBe('203.0.113.9');
    });
    withHops('1', () => expect(clientIp(forwarded('6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9'));
  });

  it('a spoofed left-most entry never makes a new key', () => {
    withHops('1', () => {
      const keys = new Set(Array.from({ length: 20 }, (_, i) => clientIp(forwarded(`10.0.0.${i}, 198.51.100.7`))));
      expect([...keys]).toEqual(['198.51.100.7']);
    });
  });

  it('with two trusted hops (a load balancer, then serve.ts), takes the second entry from the right', () => {
    withHops('2', () => {
      expect(clientIp(forwarded('6.6.6.6, 203.0.113.9, 10.0.0.2'))).toBe('203.0.113.9');
      expect(clientIp(forwarded('203.0.113.9, 10.0.0.2'))).toBe('203.0.113.9');
      // Fewer entries than trusted proxies: the request did not come through them all.
      expect(clientIp(forwarded('10.0.0.2'))).toBe('unknown');
    });
  });

  it('with no trusted proxy, ignores X-Forwarded-For and X-Real-IP entirely', () => {
    withHops('0', () => {
      expect(clientIp(forwarded('203.0.113.9'))).toBe('unknown');
      expect(clientIp(new Headers({ 'x-real-ip': '203.0.113.9' }))).toBe('unknown');
    });
  });

  it('answers a fixed "unknown" without the header or with an empty entry, and bounds what it returns', () => {
    withHops('1', () => {
      expect(clientIp(new Headers())).toBe('unknown');
      expect(clientIp(new Headers({ 'x-real-ip': '203.0.113.9' }))).toBe('unknown');
      expect(clientIp(forwarded('203.0.113.9, '))).toBe('unknown');
      const long = clientIp(forwarded(`1.1.1.1, ${'a'.repeat(10_000)}`));
      expect(long.length).toBeLessThanOrEqual(64);
      expect(long).toBe('a'.repeat(64));
      expect(clientIp(forwarded('::ffff:203.0.113.9'))).toBe('203.0.113.9');
      expect(clientIp(forwarded('2001:db8::1'))).toBe('2001:db8::1');
    });
  });

  it('refuses a TRUSTED_PROXY_HOPS that is not a small whole number', () => {
    for (const bad of ['-1', '1.5', 'two', '11']) {
      expect(() => withHops(bad, () => clientIp(forwarded('203.0.113.9'))), bad).toThrow(/TRUSTED_PROXY_HOPS/);
    }
  });
});
