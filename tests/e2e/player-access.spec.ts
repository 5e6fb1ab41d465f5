import { expect, test } from '@playwright/test';
import { apiHeaders, buyVip, expectPlayback, findEpisodes, signInBrowser, signUpViewer, titleEpisodes, titleHrefs } from './fixtures';

/** Entitlement in the browser: the locked panel, what never leaves the server, access gained, watch sessions. */

const VIDEO = '[data-testid="episode-video"]';
const LOCKED = 'Episode Locked - This episode requires a subscription to watch';

test('a locked episode: the panel, no manifest of it in any page or API answer, its licence refused; with VIP it plays and a session is recorded', async ({ page, request }) => {
  const [episode] = await findEpisodes(page, { premium: true });
  expect(episode, 'the demo catalogue has a premium episode').toBeTruthy();
  const viewer = await signUpViewer(request);
  await signInBrowser(page, viewer);

  // Everything the server sends while the viewer has no access: pages and API answers.
  const bodies: string[] = [];
  const collect = async (res: import('@playwright/test').Response) => {
    const type = res.headers()['content-type'] ?? '';
    if (/json|html|text\/x-component/.test(type)) bodies.push(await res.text().catch(() => ''));
  };
  page.on('response', collect);
  const playbackAnswer = page.waitForResponse((res) => res.url().includes('/api/client/shortVideo/playback') && res.request().method() === 'GET');
  await page.goto(episode.titleHref);
  await page.goto(episode.episodeHref);
  expect((await playbackAnswer).status()).toBe(200);
  const panel = page.getByTestId('episode-locked');
  await expect(panel).toContainText(LOCKED);
  await expect(panel.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', `/subscription?returnTo=${encodeURIComponent(new URL(episode.episodeHref, 'http://x').pathname)}`);
  await expect(page.locator(VIDEO)).toHaveCount(0);
  const videoId = (await panel.getAttribute('data-video-id'))!;

  // A direct licence request for its key id, with the viewer's own token, is refused.
  const kid = Buffer.alloc(16).toString('base64url');
  const license = await request.post(`/api/drm/clearkey/${videoId}`, { headers: { authorization: `Bearer ${viewer.token}` }, data: { kids: [kid], type: 'temporary' } });
  expect(license.status()).toBe(403);
  expect(await license.json()).toMatchObject({ status: false, code: 'E_LOCKED' });
  page.off('response', collect);

  // The viewer buys VIP through the sandbox gateway and reloads: the episode plays.
  await buyVip(request, viewer);
  const unlocked = page.waitForResponse((res) => res.url().includes('/api/client/shortVideo/playback'));
  const sessionCreated = page.waitForResponse((res) => res.url().endsWith('/api/client/watchSession') && res.request().method() === 'POST');
  await page.reload();
  const answer = await (await unlocked).json();
  expect(answer.data).toMatchObject({ isLocked: false, episode: { _id: videoId } });
  await expectPlayback(page, VIDEO);
  await expect(page.getByTestId('episode-locked')).toHaveCount(0);

  // Its media folder (now known) was in none of the earlier pages or answers.
  const folder = /\/media\/([0-9a-f]{16})\/manifest\.mpd$/.exec(answer.data.media.dashManifest)?.[1];
  expect(folder).toMatch(/^[0-9a-f]{16}$/);
  expect(bodies.length).toBeGreaterThan(2);
  for (const body of bodies) expect(body).not.toContain(folder);

  // A watch session was created for this user and video, and is listed as active.
  const created = await sessionCreated;
  expect(created.status()).toBe(201);
  const session = (await created.json()).data;
  expect(session).toMatchObject({ userId: viewer.user._id, videoId, status: 'active' });
  const active = await request.get(`/api/client/watchSession/active/${viewer.user._id}`, { headers: apiHeaders(viewer.token) });
  expect((await active.json()).data.map((s: { _id: string }) => s._id)).toContain(session._id);
  // And nobody else's token may read it.
  const other = await signUpViewer(request);
  expect((await request.get(`/api/client/watchSession/active/${viewer.user._id}`, { headers: apiHeaders(other.token) })).status()).toBe(403);
});

test('watch sessions: paused on pause, stopped on leaving; never for guests or trailers', async ({ page, request }) => {
  const [free] = await findEpisodes(page, { premium: false });

  // A guest watches: no session call at all.
  const calls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/client/watchSession')) calls.push(`${req.method()} ${req.url()}`);
  });
  await page.goto(free.episodeHref);
  await expectPlayback(page, VIDEO);
  expect(calls).toEqual([]);

  // A signed-in viewer: created when ready, paused on pause, stopped when leaving the episode.
  const viewer = await signUpViewer(request);
  await signInBrowser(page, viewer);
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (req) => {
    if (/\/api\/client\/watchSession\/[0-9a-f]{24}$/.test(req.url()) && req.method() === 'PUT') bodies.push(req.postDataJSON());
  });
  const created = page.waitForResponse((res) => res.url().endsWith('/api/client/watchSession') && res.request().method() === 'POST');
  await page.goto(free.episodeHref);
  expect((await created).status()).toBe(201);
  await expectPlayback(page, VIDEO);
  await page.keyboard.press('k');
  await expect.poll(() => bodies.some((b) => b.status === 'paused' && b.pauseCount === 1)).toBe(true);
  await page.getByRole('navigation', { name: 'Episode' }).getByRole('link').click(); // back to the title page
  await expect(page).toHaveURL(/\/movie\//);
  await expect.poll(() => bodies.some((b) => b.status === 'stopped')).toBe(true);
  const openSessions = async () => {
    // A connection the server closed between polls is a retry, not a failure.
    const res = await request.get(`/api/client/watchSession/active/${viewer.user._id}`, { headers: apiHeaders(viewer.token) }).catch(() => null);
    return res?.ok() ? ((await res.json()) as { data: unknown[] }).data.length : -1;
  };
  await expect.poll(openSessions).toBe(0);

  // The same viewer on a trailer: no session.
  let trailerHref: string | undefined;
  for (const t of await titleHrefs(page)) {
    trailerHref = (await titleEpisodes(page, t)).find((e) => e.episodeNumber === 0)?.href;
    if (trailerHref) break;
  }
  calls.length = 0;
  await page.goto(trailerHref!);
  await expectPlayback(page, VIDEO);
  expect(calls).toEqual([]);
});

test('the locked panel plays the title trailer on demand, in the trailer layout', async ({ page }) => {
  let target: string | undefined;
  for (const t of await titleHrefs(page)) {
    const tiles = await titleEpisodes(page, t);
    const locked = tiles.find((e) => e.premium);
    if (locked && tiles.some((e) => e.episodeNumber === 0)) {
      target = locked.href;
      break;
    }
  }
  expect(target, 'a title with a trailer and a premium episode').toBeTruthy();
  await page.goto(target!);
  const panel = page.getByTestId('episode-locked');
  await expect(panel).toContainText(LOCKED);
  await panel.getByRole('button', { name: 'Watch Trailer' }).click();
  await expectPlayback(page, '[data-testid="trailer-video"]');
  await expect(panel.getByTestId('episode-player')).toHaveAttribute('data-layout', 'trailer');
  await expect(page.locator('[data-testid="trailer-video"]')).toHaveAttribute('controls', '');
  await expect(panel).toContainText(LOCKED);
});

test('Subscribe Now is a full page navigation to /subscription', async ({ page }) => {
  const [episode] = await findEpisodes(page, { premium: true });
  await page.goto(episode.episodeHref);
  await page.evaluate(() => ((window as unknown as { __stillHere: boolean }).__stillHere = true));
  await Promise.all([page.waitForURL(/\/subscription\?returnTo=/), page.getByTestId('episode-locked').getByRole('link', { name: 'Subscribe Now' }).click()]);
  expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBeUndefined();
});
