import { expect, test, type Page } from '@playwright/test';
import { asViewer, createViewer, loginAs, type Viewer } from './auth-helpers';

/**
 * Account settings end to end (issue 9 rows 8 and 11), in Chromium against the production build, the seeded database
 * and the Firebase Auth Emulator: Delete Account from /dashboard, the silent renewal of an ended product token from
 * the browser's Firebase session, and 'Log out everywhere' across two browsers. Each test makes its own viewers.
 */

const BRAND = process.env.NEXT_PUBLIC_BRAND_NAME ?? 'Kilig';
const EMULATOR = process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';
const FIREBASE_API_KEY = process.env.NEXT_PUBLIC_FIREBASE_API_KEY ?? 'demo-api-key';
/** The password tests/e2e/auth-helpers.ts gives every viewer it creates. */
const PASSWORD = 'kilig-pass-123';
/** Two seeded titles (the seed derives ids from natural keys; tests/e2e/library.spec.ts uses the same). */
const TITLES = [
  { id: '01a6025d0e6fb4a0a52c519d', name: 'Lihim ng Bilyonaryo' },
  { id: '89803fbed67691af9dac5e48', name: 'Gabi ng Paghihiganti' },
];

/** react-hot-toast renders each toast as role=status. */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const storageValue = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
const header = (page: Page) => page.getByTestId('site-header');

async function waitForLogin(page: Page) {
  await expect(header(page).getByRole('button', { name: 'Log out' })).toBeVisible({ timeout: 20_000 });
}

/** Logs in through the login dialog, so the browser holds a real Firebase session (not only the stored token). */
async function logInThroughDialog(page: Page, email: string) {
  await page.goto('/');
  // The first visit's anonymous sign-in settles first, as a viewer's would.
  await page.waitForFunction(() => window.localStorage.getItem('isAnonymous') === 'true', undefined, { timeout: 20_000 });
  await header(page).getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: `Log in to ${BRAND}` });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'Successfully logged in!')).toBeVisible();
  await waitForLogin(page);
}

async function addToMyList(request: Parameters<typeof createViewer>[0], viewer: Viewer) {
  for (const title of TITLES) {
    const res = await request.post(`/api/client/userVideoList/videoAddedToMyListByUser?movieSeriesId=${title.id}`, { headers: asViewer(viewer) });
    expect(res.ok(), await res.text()).toBe(true);
    expect(((await res.json()) as { data: { isAddedToList: boolean } }).data.isAddedToList).toBe(true);
  }
}

test('a viewer with a list deletes the account from /dashboard; logged out at home, and the same sign-in fails', async ({ page, request }) => {
  const viewer = await createViewer(request, 'Delete Tester');
  await addToMyList(request, viewer);
  await loginAs(page, viewer);

  await page.goto('/dashboard/library');
  await expect(page.getByTestId('my-list').getByRole('link', { name: TITLES[0].name })).toBeVisible({ timeout: 20_000 });

  await page.goto('/dashboard');
  await waitForLogin(page);
  const settings = page.getByRole('region', { name: 'Account settings' });
  const open = settings.getByRole('button', { name: 'Delete Account' });
  // Keyboard: the button is reachable and opens the dialog with Enter.
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const losses = dialog.getByTestId('delete-account-losses');
  for (const text of ['Your profile', 'My List', 'Your likes and ratings', 'Your watch history', 'Your remaining coin balance: 0 coins']) await expect(losses).toContainText(text);
  await expect(dialog).toContainText('Payment records are kept for accounting, without your account.');

  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await open.click();
  await expect(dialog).toBeVisible();

  const confirm = dialog.getByRole('button', { name: 'Delete Account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
  await expect(confirm).toBeEnabled();
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/client/user/deleteAccount') && r.request().method() === 'DELETE'),
    confirm.click(),
  ]);
  expect(answer.status()).toBe(200);

  await expect(toast(page, 'Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (const key of ['isAuth', 'user', 'token']) expect(await storageValue(page, key), key).toBeNull();

  // The old product token opens nothing any more.
  const profile = await request.get('/api/client/user/fetchProfile', { headers: asViewer(viewer) });
  expect(profile.status()).toBe(404);

  // Signing in again with the same e-mail and password fails: the Firebase account is gone.
  await header(page).getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: `Log in to ${BRAND}` });
  await login.getByLabel('Email').fill(viewer.email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'Invalid email or password. Please try again.')).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await storageValue(page, 'isAuth')).toBeNull();
  const signIn = await request.post(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${FIREBASE_API_KEY}`, {
    data: { email: viewer.email, password: PASSWORD, returnSecureToken: true },
  });
  expect(signIn.ok()).toBe(false);
});

test('a product token the server refuses is renewed silently from the Firebase session: no message, still logged in', async ({ page, request }) => {
  const viewer = await createViewer(request, 'Renewal Tester');
  await logInThroughDialog(page, viewer.email);
  const issued = (await storageValue(page, 'token'))!;
  expect(issued).toBeTruthy();

  // A token with a broken signature: the server answers 401 E_UNAUTHENTICATED, as it does for an expired or revoked one.
  await page.evaluate((t) => window.localStorage.setItem('token', `${t.slice(0, t.lastIndexOf('.'))}.AAAA`), issued);
  const renewals: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/client/user/authenticateOrRegister')) renewals.push(r.status());
  });
  await page.goto('/dashboard');
  await waitForLogin(page);
  await expect(page.getByTestId('profile-details')).toContainText(viewer.email);
  await expect.poll(() => renewals).toEqual([200]);
  const renewed = (await storageValue(page, 'token'))!;
  expect(renewed).not.toContain('.AAAA');
  expect((await request.get('/api/client/user/fetchProfile', { headers: { ...asViewer(viewer), authorization: `Bearer ${renewed}` } })).status()).toBe(200);
  await expect(toast(page, 'Your session has ended')).toHaveCount(0);
  expect(await storageValue(page, 'isAuth')).toBe('true');
});

test('Log out everywhere ends the session on this browser and on another one, which cannot renew it', async ({ page, browser, request }) => {
  const viewer = await createViewer(request, 'Everywhere Tester');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await logInThroughDialog(page, viewer.email);
    await logInThroughDialog(otherPage, viewer.email);
    // Firebase records a revocation in whole seconds: the sessions to end must have begun in an earlier one.
    await page.waitForTimeout(1_200);

    await page.goto('/dashboard');
    await waitForLogin(page);
    await page.getByRole('region', { name: 'Account settings' }).getByRole('button', { name: 'Log out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out everywhere?' });
    await dialog.getByRole('button', { name: 'Log out everywhere' }).click();
    await expect(toast(page, 'You have been logged out on every device.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('button', { name: 'Log in' })).toBeVisible();

    // The other browser still holds its token and its Firebase session; both are void now.
    await otherPage.goto('/dashboard');
    await expect(toast(otherPage, 'Your session has ended. Please log in again.')).toBeVisible({ timeout: 20_000 });
    await expect(header(otherPage).getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await storageValue(otherPage, 'token')).toBeNull();

    // Logging in again works.
    await logInThroughDialog(page, viewer.email);
  } finally {
    await other.close();
  }
});
