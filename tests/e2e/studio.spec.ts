import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectPlayback, scriptsOf, signInBrowser, signUpViewer, titleHrefs } from './fixtures';

/**
 * Issue 13's e2e check, the way the people who run the service work: the demo admin (created by `npm start` in the
 * Auth Emulator) logs in through the login dialog, creates a series in /studio, adds an episode, uploads a short clip
 * (tus, resumable), watches the ingest progress reach Ready, publishes; then a viewer finds the series on the home page
 * and plays the episode, encrypted, through the real player.
 */

const ADMIN = { email: 'admin@kilig.demo', password: 'kilig-studio-2026' };
const BRAND = process.env.NEXT_PUBLIC_BRAND_NAME ?? 'Kilig';
const VIDEO = '[data-testid="episode-video"]';

/** A 6 s 720×1280 clip with sound, made by ffmpeg for this run. */
function makeClip(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kilig-studio-e2e-')), 'clip.mp4');
  execFileSync('ffmpeg', [
    '-nostdin', '-y', '-loglevel', 'error',
    '-f', 'lavfi', '-i', 'testsrc2=s=720x1280:r=30:d=6',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}

async function logInAsAdmin(page: Page) {
  await page.goto('/studio');
  // The first visit's anonymous sign-in settles first; a guest is asked to log in.
  await page.waitForFunction(() => window.localStorage.getItem('isAnonymous') === 'true', undefined, { timeout: 20_000 });
  await expect(page.getByText('Log in with a studio account')).toBeVisible();
  await page.getByTestId('site-header').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: `Log in to ${BRAND}` });
  await login.getByLabel('Email').fill(ADMIN.email);
  await login.getByLabel('Password').fill(ADMIN.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Studio' })).toBeVisible({ timeout: 20_000 });
}

test('a viewer is told the studio is not for them', async ({ page, request }) => {
  const viewer = await signUpViewer(request);
  await signInBrowser(page, viewer);
  await page.goto('/studio/titles');
  await expect(page.getByRole('alert').filter({ hasText: 'This account has no studio access' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Studio' })).toHaveCount(0);
  // The studio is never indexed.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

// Only the studio's code calls the studio API, draws charts (recharts) or speaks tus.
const isStudioCode = (body: string) => body.includes('/api/admin/') || body.includes('recharts') || body.includes('Tus-Resumable');

test("the studio's JavaScript stays on the studio's pages", async ({ page }) => {
  const [title] = await titleHrefs(page);
  for (const path of ['/', title, '/search?keyword=lihim', '/wallet']) {
    const { scripts } = await scriptsOf(page, path);
    expect(scripts.length, `${path} loads scripts`).toBeGreaterThan(0);
    expect(scripts.filter((s) => isStudioCode(s.body)).map((s) => s.url), `${path} must not load studio code`).toEqual([]);
  }
  // The check can fail: the studio's own page does load it.
  const studio = await scriptsOf(page, '/studio/titles');
  expect(studio.scripts.some((s) => isStudioCode(s.body)), '/studio/titles loads studio code').toBe(true);
});

test('the demo admin creates a series, uploads a clip, sees it reach Ready, publishes; a viewer finds it on the home page and plays it', async ({ browser, page, request }) => {
  test.setTimeout(300_000);
  const clip = makeClip();
  const name = `Studio Test ${Date.now().toString(36)}`;

  await logInAsAdmin(page);
  await page.getByRole('link', { name: 'New title' }).click();
  await page.waitForURL(/\/studio\/titles\/new$/);
  const details = page.getByRole('form', { name: 'Title details' });
  await details.getByLabel('Name').fill(name);
  await details.getByLabel('Type').selectOption({ label: 'Series' });
  await details.getByLabel('Description').fill('A series made in the studio by the e2e test.');
  await details.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/studio\/titles\/[0-9a-f]{24}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // An episode: free, published with the title; its video is pending until the ingest is done.
  const addEpisode = page.getByRole('form', { name: 'Add an episode' });
  await addEpisode.getByLabel('Episode title').fill('Ang Simula');
  await addEpisode.getByRole('button', { name: 'Add episode' }).click();
  const edit = page.getByRole('button', { name: /^Edit Episode 1/ });
  await expect(edit).toBeVisible({ timeout: 20_000 });
  await edit.click();

  // Upload through the panel (tus), then the ingest's live progress until Ready.
  const media = page.locator('section[data-video-id]');
  await media.getByLabel('Video file').setInputFiles(clip);
  await media.getByRole('button', { name: 'Upload video' }).click();
  await expect(media.getByRole('progressbar', { name: /Processing the video/ })).toBeVisible({ timeout: 60_000 });
  await expect(media.getByText('Ready', { exact: true })).toBeVisible({ timeout: 180_000 });

  // Publish the title now.
  await page.getByRole('region', { name: 'Publishing of the title' }).getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('link', { name: 'View on the site' })).toBeVisible({ timeout: 20_000 });

  // A viewer, in a browser of their own: the home page lists the new series; its episode 1 plays.
  const context = await browser.newContext();
  const viewerPage = await context.newPage();
  const viewer = await signUpViewer(request);
  await signInBrowser(viewerPage, viewer);
  await viewerPage.goto('/');
  const card = viewerPage.locator(`a[href^="/movie/"]`).filter({ hasText: name }).first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.click();
  await viewerPage.waitForURL(/\/movie\//);
  await viewerPage.locator('a[href^="/episodes/episode-1-"]').first().click();
  await viewerPage.waitForURL(/\/episodes\/episode-1-/);
  await expectPlayback(viewerPage, VIDEO, 2);
  await context.close();
});
