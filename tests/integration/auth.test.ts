import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppDb } from '../fixtures/app-db';
import { signInAnonymously, signInWithEmail, signInWithGoogle, signUpWithEmail, tamperToken } from '../fixtures/firebase-emulator';

const KEY = 'kilig-demo-api-key';
const ctx = { params: Promise.resolve({}) };
const appDb = openAppDb({ seed: true });

type Routes = {
  register: typeof import('@/app/api/client/user/authenticateOrRegister/route');
  profile: typeof import('@/app/api/client/user/fetchProfile/route');
  settings: typeof import('@/app/api/client/setting/retrieveSettingsForUser/route');
  pages: typeof import('@/app/api/client/contentpage/retrieveContentPages/route');
};
let r: Routes;

beforeAll(async () => {
  r = {
    register: await import('@/app/api/client/user/authenticateOrRegister/route'),
    profile: await import('@/app/api/client/user/fetchProfile/route'),
    settings: await import('@/app/api/client/setting/retrieveSettingsForUser/route'),
    pages: await import('@/app/api/client/contentpage/retrieveContentPages/route'),
  };
});
afterAll(() => appDb.close());

function register(idToken: string | null, body: unknown, headers: Record<string, string> = {}) {
  return r.register.POST(
    new NextRequest('http://localhost/api/client/user/authenticateOrRegister', {
      method: 'POST',
      headers: { key: KEY, 'content-type': 'application/json', 'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, ...(idToken ? { authorization: `Bearer ${idToken}` } : {}), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    ctx,
  );
}

function get(handler: (req: NextRequest, c: typeof ctx) => Promise<Response>, url: string, token?: string, headers: Record<string, string> = { key: KEY }) {
  return handler(new NextRequest(url, { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }), ctx);
}

describe('authenticateOrRegister', () => {
  it('creates the user once: a second sign-in returns the same _id', async () => {
    const email = `rosa-${Date.now()}@example.ph`;
    const signUp = await signUpWithEmail(email, 'secret-pass-1');
    const body = { loginType: 5, identity: signUp.localId, email, name: 'Rosa Santos', image: null };
    const first = await register(signUp.idToken, body);
    expect(first.status).toBe(200);
    const a = await first.json();
    expect(a).toMatchObject({ status: true, data: { user: { email, name: 'Rosa Santos', uid: signUp.localId, isVip: false }, token: expect.any(String) } });

    const again = await signInWithEmail(email, 'secret-pass-1');
    const b = await (await register(again.idToken, body)).json();
    expect(b.data.user._id).toBe(a.data.user._id);
  });

  it('signs in a Google account with loginType 2', async () => {
    const google = await signInWithGoogle();
    const res = await register(google.idToken, { loginType: 2, identity: google.localId, email: google.email, name: 'Maria Clara', image: 'https://example.ph/p.jpg' });
    expect(res.status).toBe(200);
    expect((await res.json()).data.user.loginType).toBe(2);
  });

  it('rejects forged, foreign-project, expired and garbage tokens with 401', async () => {
    const real = await signUpWithEmail();
    const body = { loginType: 5, identity: real.localId, email: null, name: 'X', image: null };
    const now = Math.floor(Date.now() / 1000);
    const forgedSigned = `eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.${real.idToken.split('.')[1]}.c2lnbmF0dXJl`;
    for (const token of [
      forgedSigned,
      tamperToken(real.idToken, { aud: 'someone-elses-project', iss: 'https://securetoken.google.com/someone-elses-project' }),
      tamperToken(real.idToken, { exp: now - 3600, iat: now - 7200 }),
      'not-a-token',
    ]) {
      const res = await register(token, body);
      expect(res.status, token.slice(0, 30)).toBe(401);
      expect(await res.json()).toMatchObject({ status: false, code: 'E_UNAUTHENTICATED' });
    }
    expect((await register(null, body)).status).toBe(401);
  });

  it('rejects identity that is not the token uid, and anonymous tokens', async () => {
    const real = await signUpWithEmail();
    expect((await register(real.idToken, { loginType: 5, identity: 'someone-else', email: null, name: 'X', image: null })).status).toBe(401);
    const guest = await signInAnonymously();
    expect((await register(guest.idToken, { loginType: 5, identity: guest.localId, email: null, name: 'X', image: null })).status).toBe(401);
  });

  it('answers malformed input with 4xx JSON, never 5xx', async () => {
    const real = await signUpWithEmail();
    for (const body of ['{', '[]', '"x"', { loginType: 9, identity: real.localId }, { loginType: '5', identity: real.localId }, { loginType: 5, identity: '' }, { loginType: 5, identity: 'x'.repeat(500) }, { loginType: 5 }]) {
      const res = await register(real.idToken, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await res.json()).toMatchObject({ status: false, message: expect.any(String) });
    }
  });

  it('requires the key header', async () => {
    const real = await signUpWithEmail();
    const body = { loginType: 5, identity: real.localId };
    expect((await register(real.idToken, body, { key: '' })).status).toBe(401);
    expect((await register(real.idToken, body, { key: 'wrong' })).status).toBe(401);
  });
});

describe('fetchProfile, settings and content pages', () => {
  async function signedIn() {
    const s = await signUpWithEmail();
    const json = await (await register(s.idToken, { loginType: 5, identity: s.localId, email: s.email, name: 'Juan', image: null })).json();
    return json.data as { user: { _id: string }; token: string };
  }

  it('fetchProfile answers the token user, and 403 for another user id', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const own = await get(r.profile.GET, `http://localhost/api/client/user/fetchProfile?userId=${me.user._id}`, me.token);
    expect(own.status).toBe(200);
    expect((await own.json()).user._id).toBe(me.user._id);

    const foreign = await get(r.profile.GET, `http://localhost/api/client/user/fetchProfile?userId=${other.user._id}`, me.token);
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ status: false, code: 'E_UNAUTHORIZED' });
  });

  it('fetchProfile rejects missing, tampered and unknown-user tokens', async () => {
    const me = await signedIn();
    expect((await get(r.profile.GET, 'http://localhost/api/client/user/fetchProfile')).status).toBe(401);
    expect((await get(r.profile.GET, 'http://localhost/api/client/user/fetchProfile', me.token.slice(0, -2) + 'xx')).status).toBe(401);
    const { signAccessToken } = await import('@/lib/server/auth/access-token');
    const ghost = await signAccessToken('ffffffffffffffffffffffff', 'ghost');
    const res = await get(r.profile.GET, 'http://localhost/api/client/user/fetchProfile', ghost);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'E_USER_NOT_FOUND' });
    expect((await get(r.profile.GET, `http://localhost/api/client/user/fetchProfile?userId=${me.user._id}`, me.token, {})).status).toBe(401);
  });

  it('settings and content pages answer with the key, and the policy texts are complete', async () => {
    const settings = await get(r.settings.GET, 'http://localhost/api/client/setting/retrieveSettingsForUser');
    expect(settings.status).toBe(200);
    expect((await settings.json()).setting).toBeTypeOf('object');

    const pages = await (await get(r.pages.GET, 'http://localhost/api/client/contentpage/retrieveContentPages')).json();
    const bySlug = Object.fromEntries((pages.data as { slug: string; title: string; sections: { heading: string }[] }[]).map((p) => [p.slug, p]));
    expect(bySlug.terms.title).toBe('Mobile App Terms and Conditions');
    expect(bySlug.terms.sections).toHaveLength(12);
    expect(bySlug.privacy.title).toBe('Mobile App Privacy Policy');
    expect(bySlug.privacy.sections.map((s: { heading: string }) => s.heading)).toEqual([
      'Introduction', 'Information We Collect', 'How We Use Your Information', 'Sharing Your Information', 'Data Security', 'Data Retention',
      'Your Rights', "Children's Privacy", 'Cookies and Tracking Technologies', 'Third-Party Advertising', 'Updates and Modifications',
    ]);
    expect(JSON.stringify(pages)).not.toContain('{brand}');
    expect((await get(r.pages.GET, 'http://localhost/api/client/contentpage/retrieveContentPages', undefined, {})).status).toBe(401);
  });
});
