import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';

export type DemoEpisode = { titleHref: string; episodeHref: string; isPremium: boolean };

/** Walks the real catalogue pages (no private shortcuts) to find episode links of the seeded demo. */
export async function findEpisodes(page: Page, want: { premium: boolean }, max = 1): Promise<DemoEpisode[]> {
  await page.goto('/movie-genres/All-movies');
  const titleHrefs = await page.locator('a[href^="/movie/"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))]);
  expect(titleHrefs.length).toBeGreaterThan(0);
  const found: DemoEpisode[] = [];
  for (const titleHref of titleHrefs) {
    await page.goto(titleHref);
    const tiles = await page.locator('a[href^="/episodes/episode-"]').evaluateAll((as) =>
      as.map((a) => ({ href: a.getAttribute('href')!, premium: /PREMIUM/i.test(a.textContent ?? '') })),
    );
    for (const tile of tiles) {
      if (/\/episodes\/episode-0-/.test(tile.href)) continue; // trailers are never locked
      if (tile.premium === want.premium && !found.some((f) => f.episodeHref === tile.href)) {
        found.push({ titleHref, episodeHref: tile.href, isPremium: tile.premium });
        if (found.length >= max) return found;
      }
    }
  }
  return found;
}

/** Waits until the video has played past `seconds` and has decoded frames (`playing` alone can fire with none). */
export async function expectPlayback(page: Page, selector: string, seconds = 2) {
  const video = page.locator(selector);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000, message: 'currentTime should pass ' + seconds + ' s' })
    .toBeGreaterThan(seconds);
  expect(await video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames)).toBeGreaterThan(0);
}

// ---------------------------------------------------------------------------------------------------------------------
// Player tests (tests/e2e/player*.spec.ts)

export type EpisodeTile = { href: string; episodeNumber: number; premium: boolean };

/** The episode tiles of one title's page, in episode order (trailer included as episode 0). */
export async function titleEpisodes(page: Page, titleHref: string): Promise<EpisodeTile[]> {
  await page.goto(titleHref);
  const tiles = await page.locator('a[href^="/episodes/episode-"]').evaluateAll((as) =>
    as.map((a) => ({ href: a.getAttribute('href')!, premium: /PREMIUM/i.test(a.textContent ?? '') })),
  );
  const byHref = new Map<string, EpisodeTile>();
  for (const t of tiles) {
    const n = Number(/\/episodes\/episode-(\d+)-/.exec(t.href)?.[1]);
    const seen = byHref.get(t.href);
    // 'Play Now' links to episode 1 without a badge: a tile with the badge wins.
    byHref.set(t.href, { href: t.href, episodeNumber: n, premium: (seen?.premium ?? false) || t.premium });
  }
  return [...byHref.values()].sort((a, b) => a.episodeNumber - b.episodeNumber);
}

/** Every title page of the catalogue (genre browse). */
export async function titleHrefs(page: Page): Promise<string[]> {
  await page.goto('/movie-genres/All-movies');
  return page.locator('a[href^="/movie/"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))]);
}

/** A title whose episodes 1 and 2 are free (for previous/next), with its tiles. */
export async function titleWithTwoFreeEpisodes(page: Page): Promise<{ titleHref: string; tiles: EpisodeTile[] }> {
  for (const titleHref of await titleHrefs(page)) {
    const tiles = await titleEpisodes(page, titleHref);
    const free = (n: number) => tiles.some((t) => t.episodeNumber === n && !t.premium);
    if (free(1) && free(2)) return { titleHref, tiles };
  }
  throw new Error('no title with two free episodes');
}

export type VideoSnapshot = { currentTime: number; duration: number; paused: boolean; frames: number; seeking: boolean; phase: string | null };

export function videoSnapshot(page: Page, selector = '[data-testid="episode-video"]'): Promise<VideoSnapshot> {
  return page.locator(selector).evaluate((v: HTMLVideoElement) => ({
    currentTime: v.currentTime,
    duration: v.duration,
    paused: v.paused,
    frames: v.getVideoPlaybackQuality().totalVideoFrames,
    seeking: v.seeking,
    phase: v.getAttribute('data-phase'),
  }));
}

/**
 * Seeks (never `await video.play()` without a time-out: docs/architecture.md 'Media facts worth keeping') and waits
 * until the seek is done.
 */
export async function seekTo(page: Page, seconds: number, selector = '[data-testid="episode-video"]') {
  await page.locator(selector).evaluate((v: HTMLVideoElement, t) => {
    v.currentTime = t;
  }, seconds);
  await expect.poll(async () => {
    const s = await videoSnapshot(page, selector);
    return !s.seeking && Math.abs(s.currentTime - seconds) < 0.6;
  }, { timeout: 10_000 }).toBe(true);
}

const EMULATOR = process.env.E2E_AUTH_EMULATOR_URL ?? `http://127.0.0.1:${process.env.E2E_AUTH_PORT ?? 9099}`;
const API_KEY = process.env.NEXT_PUBLIC_API_KEY ?? 'kilig-demo-api-key';

export type SignedUpViewer = { user: { _id: string; uid: string; name: string; email: string | null; isVip: boolean }; token: string };

/** A real sign-up: an e-mail account in the Firebase Auth Emulator, then the product's authenticateOrRegister. */
export async function signUpViewer(request: APIRequestContext): Promise<SignedUpViewer> {
  const email = `player-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.ph`;
  const signUp = await request.post(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    data: { email, password: 'kilig-pass-123', returnSecureToken: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const { idToken, localId } = (await signUp.json()) as { idToken: string; localId: string };
  const res = await request.post('/api/client/user/authenticateOrRegister', {
    headers: { key: API_KEY, authorization: `Bearer ${idToken}` },
    data: { loginType: 5, identity: localId, email, name: 'Player Tester', image: null },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: SignedUpViewer }).data;
}

/** Puts the viewer into local storage before any page script runs, as a login would (spec §3 keys). */
export async function signInBrowser(page: Page, viewer: SignedUpViewer) {
  await page.addInitScript((v) => {
    localStorage.setItem('isAuth', 'true');
    localStorage.setItem('user', JSON.stringify(v.user));
    localStorage.setItem('token', v.token);
  }, viewer);
}

/**
 * Buys VIP through the sandbox gateway over HTTP, exactly as a browser does: generate-payment-link with a wallet
 * (GCash), the sandbox checkout form posted with outcome=paid (its 303 to our return page), then check-payment polled
 * until the webhook, delivered by the server's job queue, has made the payment paid. No test-only endpoint.
 */
export async function buyVip(request: APIRequestContext, viewer: SignedUpViewer, plan: 'weekly' | 'monthly' | 'lifetime' = 'monthly') {
  const headers = apiHeaders(viewer.token);
  const plans = await request.get('/api/payment/sandbox/subscription/available-plans', { headers });
  expect(plans.ok(), await plans.text()).toBe(true);
  const vipPlan = ((await plans.json()) as { data: { _id: string; subscriptionType: string }[] }).data.find((p) => p.subscriptionType === plan)!;
  const linkRes = await request.post('/api/sandbox/subscription/generate-payment-link', {
    headers,
    data: { vipPlanId: vipPlan._id, userId: viewer.user._id, paymentMethod: 'gc', billingMode: 'one_time', userInfo: { fname: 'Player', lname: 'Tester', email: viewer.user.email ?? 'player@example.ph', phone: '', mobile: '', dob: '' } },
  });
  expect(linkRes.ok(), await linkRes.text()).toBe(true);
  const { paymentLink, pendingPaymentData } = (await linkRes.json()) as { paymentLink: string; pendingPaymentData: { requestId: string } };
  const checkout = await request.post(new URL(paymentLink).pathname, { form: { outcome: 'paid' }, maxRedirects: 0 });
  expect(checkout.status(), await checkout.text()).toBe(303);
  expect(checkout.headers().location).toContain(encodeURIComponent(pendingPaymentData.requestId));
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/sandbox/subscription/check-payment', { headers, params: { requestId: pendingPaymentData.requestId, userId: viewer.user._id } });
        return ((await res.json()) as { data?: { status?: string } }).data?.status;
      },
      { timeout: 20_000, message: 'the sandbox webhook should make the payment paid' },
    )
    .toBe('paid');
  return pendingPaymentData.requestId;
}

export const apiHeaders = (token?: string) => ({ key: API_KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) });

export type Script = { url: string; body: string };

/** Every same-origin script the page loads until the network is quiet (and a little after: lazy chunks, identity). */
export async function scriptsOf(page: Page, path: string): Promise<{ html: string; scripts: Script[] }> {
  const pending: Promise<Script | null>[] = [];
  const onResponse = (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(res.text().then((body) => ({ url: res.url(), body }), () => null));
  };
  page.on('response', onResponse);
  const res = await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  page.off('response', onResponse);
  return { html: await res!.text(), scripts: (await Promise.all(pending)).filter((s): s is Script => s !== null) };
}
