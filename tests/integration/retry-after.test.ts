import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMIT } from '@/lib/server/rate-limit';
import { API_KEY } from '../fixtures/http';

/** Issue 20 item 10: a 429 says when to come back (Retry-After, in seconds), here on the sign-in limit. */
describe('Retry-After on 429', () => {
  it('the sign-in limit answers 429 with Retry-After within its one-minute window', async () => {
    const { POST } = await import('@/app/api/client/user/authenticateOrRegister/route');
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const attempt = () =>
      POST(new NextRequest('http://localhost/api/client/user/authenticateOrRegister', { method: 'POST', headers: { key: API_KEY, 'content-type': 'application/json', 'x-forwarded-for': ip }, body: '{}' }), {
        params: Promise.resolve({}),
      });
    for (let i = 0; i < SIGN_IN_LIMIT.limit; i++) {
      const res = await attempt();
      expect(res.status).not.toBe(429);
      expect(res.headers.get('retry-after')).toBeNull();
    }
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ status: false, code: 'E_RATE_LIMITED' });
    const seconds = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(SIGN_IN_LIMIT.windowMs / 1000);
  });
});
