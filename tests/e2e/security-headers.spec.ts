import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectPlayback, findEpisodes } from './fixtures';

/**
 * Security headers (issue 9, row 11): the whole site runs under its Content-Security-Policy with no violation. A page
 * walk through home, a title page, search, an episode that plays (DRM licence, MediaSource blob: URLs, media), and the
 * login dialog with the emulator's Google sign-in (popup, same-origin relay frame); any CSP violation or console error
 * in any page or frame of the context fails the test. The headers themselves are checked on pages, API answers and
 * static files.
 */

const BRAND = process.env.NEXT_PUBLIC_BRAND_NAME ?? 'Kilig';
const SITE_URL = process.env.NEXT_PUBLIC_SITE_URL ?? 'http://localhost:3000';
const EMULATOR = process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';
const VIDEO = '[data-testid="episode-video"]';

type Problem = { kind: 'csp' | 'console' | 'pageerror'; where: string; text: string };

/**
 * Collects CSP violations (the `securitypolicyviolation` event, in every document of the context: pages, popups and
 * frames) and console errors (which also carry the violations the browser reports to the embedding page, such as a
 * refused frame) for every page of the context, popups included.
 */
async function watchForProblems(context: BrowserContext): Promise<Problem[]> {
  const problems: Problem[] = [];
  await context.exposeBinding('__reportCspViolation', ({ frame }, text: string) => {
    problems.push({ kind: 'csp', where: frame.url(), text });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${e.effectiveDirective} refused ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} [${e.disposition}]`);
    });
  });
  const watch = (page: Page) => {
    page.on('console', (msg) => {
      // Errors, and the warnings a browser logs for a header it cannot parse (an unknown Permissions-Policy feature).
      const headerWarning = msg.type() === 'warning' && /Content.Security.Policy|Permissions.Policy/i.test(msg.text());
      if (msg.type() === 'error' || headerWarning) problems.push({ kind: 'console', where: page.url(), text: `${msg.text()} (${msg.location().url})` });
    });
    page.on('pageerror', (err) => problems.push({ kind: 'pageerror', where: page.url(), text: String(err) }));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return problems;
}

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  const csp = headers['content-security-policy'];
  expect(csp, `${what}: Content-Security-Policy`).toBeTruthy();
  const policy = directives(csp);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  // Scripts only from this origin (and Google's identity scripts): no wildcard, no data: or blob: scripts.
  for (const source of policy.get('script-src') ?? []) expect(source, `${what}: script-src`).not.toMatch(/^(\*|data:|blob:|https?:$|'unsafe-eval')/);
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  const permissions = headers['permissions-policy'] ?? '';
  for (const denied of ['camera=()', 'microphone=()', 'geolocation=()']) expect(permissions, what).toContain(denied);
  for (const allowed of ['encrypted-media=(self)', 'autoplay=(self)', 'fullscreen=(self)', 'picture-in-picture=(self)']) expect(permissions, what).toContain(allowed);
  // HSTS only for an https site: sent from http://localhost it would pin localhost to https in the browser.
  if (SITE_URL.startsWith('https:')) expect(headers['strict-transport-security'], what).toMatch(/max-age=\d{7,}/);
  else expect(headers['strict-transport-security'], what).toBeUndefined();
}

test('every response carries the security headers; the CSP lets in what the site uses', async ({ page, request }) => {
  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  const headers = home!.headers();
  expectSecurityHeaders(headers, 'home page');
  const policy = directives(headers['content-security-policy']);
  // The sign-in emulator of this stack, and blob: for Shaka's MediaSource.
  expect(policy.get('connect-src')).toContain(new URL(EMULATOR).origin);
  expect(policy.get('media-src')).toContain('blob:');

  // API answers and static files too (nosniff matters most there).
  const api = await request.get('/api/health');
  expectSecurityHeaders(api.headers(), '/api/health');
  const script = await page.locator('script[src^="/_next/static/"]').first().getAttribute('src');
  expectSecurityHeaders((await request.get(script!)).headers(), script!);

  // The emulator's sign-in relay is the one document our own pages frame.
  const relay = await request.get('/auth-emulator/relay?apiKey=x&appName=y');
  expect(directives(relay.headers()['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
  expect(relay.headers()['x-frame-options']).toBe('SAMEORIGIN');
});

test('home, a title page, search, a playing episode and the login dialog run with no CSP violation or console error', async ({ page, context }) => {
  test.setTimeout(120_000);
  const problems = await watchForProblems(context);

  // Home: the guest is signed in anonymously through the Firebase Auth Emulator (connect-src).
  await page.goto('/');
  await page.waitForFunction(() => window.localStorage.getItem('isAnonymous') === 'true', undefined, { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Featured titles' })).toBeVisible();

  // A title page.
  const titleHref = await page.locator('main a[href^="/movie/"]').first().getAttribute('href');
  await page.goto(titleHref!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Search: the header's dropdown (an API call as you type) and the search page.
  const box = page.getByTestId('site-header').getByRole('combobox', { name: 'Search movies and series' });
  await box.click();
  await box.pressSequentially('lihim', { delay: 30 });
  await expect(page.getByTestId('search-dropdown').getByRole('option').first()).toBeVisible();
  await page.goto('/search?keyword=kasal');
  await expect(page.locator('main').getByRole('link', { name: /^Poster of / }).first()).toBeVisible();

  // An episode that plays: manifest, segments and the ClearKey licence fetched, decoded through MediaSource (blob:).
  const [episode] = await findEpisodes(page, { premium: false });
  expect(episode, 'a free episode in the demo catalogue').toBeTruthy();
  await page.goto(episode.episodeHref);
  await expectPlayback(page, VIDEO);

  // The login dialog, and 'Continue with Google' through the emulator's chooser: a popup and a same-origin relay frame.
  await page.goto('/');
  await page.waitForFunction(() => window.localStorage.getItem('isAnonymous') === 'true', undefined, { timeout: 20_000 });
  await page.getByTestId('site-header').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: `Log in to ${BRAND}` });
  await expect(login).toBeVisible();
  const popupPromise = page.waitForEvent('popup');
  await login.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await popup.getByText('Add new account').click();
  await popup.getByText('Auto-generate user information').click();
  await popup.locator('#sign-in').click();
  await expect(page.getByTestId('site-header').getByRole('button', { name: 'Log out' })).toBeVisible({ timeout: 20_000 });

  // Late reports (a violation is dispatched asynchronously) get a moment to arrive.
  await page.waitForTimeout(500);
  expect(problems, problems.map((p) => `${p.kind} on ${p.where}: ${p.text}`).join('\n')).toEqual([]);
});

test('another site cannot frame the pages (frame-ancestors, X-Frame-Options)', async ({ page, context, baseURL }) => {
  const problems = await watchForProblems(context);
  // A document that is not the site (an opaque origin) frames the home page: the browser refuses to show it.
  await page.setContent(`<iframe id="framed" src="${new URL('/', baseURL).href}"></iframe>`);
  await expect.poll(() => problems.some((p) => /frame-ancestors/.test(p.text)), { timeout: 10_000 }).toBe(true);
  await expect(page.frameLocator('#framed').getByTestId('site-header')).toHaveCount(0);
});
