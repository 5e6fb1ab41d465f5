import { expect, test, type Page } from '@playwright/test';

/**
 * Identity end to end, in Chromium against the production build, the seeded database and the Firebase Auth Emulator
 * that `scripts/start.ts` runs (nothing stood in for). Each test has its own browser context, so its own storage.
 */

const BRAND = process.env.NEXT_PUBLIC_BRAND_NAME ?? 'Kilig';
const EMULATOR = process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';
const FIREBASE_API_KEY = process.env.NEXT_PUBLIC_FIREBASE_API_KEY ?? 'demo-api-key';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const storageValue = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

async function waitForGuest(page: Page) {
  await page.waitForFunction(() => window.localStorage.getItem('isAnonymous') === 'true', undefined, { timeout: 20_000 });
}

async function openLogin(page: Page) {
  await page.getByTestId('site-header').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: `Log in to ${BRAND}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function openSignUp(page: Page) {
  const login = await openLogin(page);
  await login.getByRole('button', { name: 'Create an account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** react-hot-toast renders each toast as role=status. */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** A Firebase e-mail account made through the emulator's REST API (the same call the browser SDK makes). */
async function emulatorAccount(page: Page, email: string, password: string) {
  const res = await page.request.post(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${FIREBASE_API_KEY}`, {
    data: { email, password, displayName: 'Teresa Magbanua', returnSecureToken: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a first visit signs the guest in anonymously, shown as "guest" / "User" with Log in', async ({ page }) => {
  const authCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/client/user/')) authCalls.push(r.url());
  });
  await page.goto('/');
  await waitForGuest(page);
  const record = JSON.parse((await storageValue(page, 'anonymousUser')) ?? 'null');
  expect(record).toEqual({ uid: expect.any(String), isAnonymous: true });
  expect(await storageValue(page, 'isAuth')).toBeNull();
  const header = page.getByTestId('site-header');
  await expect(header.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Dashboard: guest, User' })).toBeVisible();
  // Guests have no product user: the product login is never called for them.
  expect(authCalls).toEqual([]);

  // A second page load reuses the stored guest.
  await page.reload();
  await expect(header.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(JSON.parse((await storageValue(page, 'anonymousUser')) ?? 'null').uid).toBe(record.uid);
});

test('every login and sign-up validation message appears verbatim', async ({ page }) => {
  await page.goto('/');
  const login = await openLogin(page);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'Email and password are required.')).toBeVisible();

  await login.getByRole('button', { name: 'Create an account' }).click();
  const signUp = page.getByRole('dialog', { name: 'Create your account' });
  await expect(signUp).toContainText(`${BRAND} is for adults 18 and over.`);
  const submit = signUp.getByRole('button', { name: 'Sign up' });

  await submit.click();
  await expect(toast(page, 'All fields are required.')).toBeVisible();

  await signUp.getByLabel('Name').fill('Maria Clara');
  await signUp.getByLabel('Email').fill(`mismatch-${unique()}@example.ph`);
  await signUp.getByLabel('Password', { exact: true }).fill('kilig-pass-1');
  await signUp.getByLabel('Confirm password').fill('kilig-pass-2');
  await submit.click();
  await expect(toast(page, 'Passwords do not match.')).toBeVisible();

  await signUp.getByLabel('Confirm password').fill('kilig-pass-1');
  await submit.click();
  await expect(toast(page, 'Please accept the Terms and Conditions.')).toBeVisible();

  // The Terms' 'I Understand' accepts the Terms only, so the Privacy Policy is still to accept.
  await signUp.getByRole('button', { name: 'Terms and Conditions' }).click();
  await page.getByRole('dialog', { name: 'Mobile App Terms and Conditions' }).getByRole('button', { name: 'I Understand' }).click();
  await submit.click();
  await expect(toast(page, 'Please accept the Privacy Policy.')).toBeVisible();
  // Nothing was attempted: the dialog is still open.
  await expect(signUp).toBeVisible();
});

test('sign-up succeeds and shows the user; a reload keeps the session; log out through the confirmation clears isAuth, user and token and returns to /', async ({ page }) => {
  const email = `e2e-${unique()}@example.ph`;
  await page.goto('/movie-genres/All-movies');
  await waitForGuest(page);
  const signUp = await openSignUp(page);
  await signUp.getByLabel('Name').fill('  Maria Clara  ');
  await signUp.getByLabel('Email').fill(`  ${email} `);
  await signUp.getByLabel('Password', { exact: true }).fill('kilig-pass-1');
  await signUp.getByLabel('Confirm password').fill('kilig-pass-1');
  await signUp.getByRole('checkbox', { name: /18 or older/ }).check();
  await signUp.getByRole('button', { name: 'Sign up' }).click();

  await expect(toast(page, 'Account created successfully!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('global-spinner')).toHaveCount(0);
  const header = page.getByTestId('site-header');
  await expect(header.getByRole('link', { name: 'Dashboard: Maria Clara, Free Plan' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Log out' })).toBeVisible();
  expect(await storageValue(page, 'isAuth')).toBe('true');
  expect(await storageValue(page, 'token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(await storageValue(page, 'loginType')).toBe('5');
  expect(await storageValue(page, 'isAnonymous')).toBeNull();
  expect(await storageValue(page, 'anonymousUser')).toBeNull();
  const stored = JSON.parse((await storageValue(page, 'user')) ?? '{}');
  expect(stored).toMatchObject({ name: 'Maria Clara', email, isVip: false });

  // The hover card: e-mail, Free Plan with Subscribe Now, and the dashboard.
  await header.getByRole('link', { name: /^Dashboard: Maria Clara/ }).hover();
  const card = page.getByTestId('profile-card');
  await expect(card).toContainText(email);
  await expect(card.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/subscription');

  // A reload keeps the session (the stored user's profile is fetched again).
  const profile = page.waitForResponse((r) => r.url().includes('/api/client/user/fetchProfile') && r.status() === 200);
  await page.reload();
  await profile;
  await expect(header.getByRole('link', { name: 'Dashboard: Maria Clara, Free Plan' })).toBeVisible();

  // The profile image goes to the dashboard, which shows the profile.
  await header.getByRole('link', { name: /^Dashboard: Maria Clara/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('profile-details')).toContainText(email);
  await expect(page.getByTestId('profile-details')).toContainText('Email and password');

  await header.getByRole('button', { name: 'Log out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Log out?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'You have been logged out sucessfully!')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Log in' })).toBeVisible();
  for (const key of ['isAuth', 'user', 'token']) expect(await storageValue(page, key), key).toBeNull();
});

test("a wrong password shows 'Invalid email or password. Please try again.'; the right one logs in", async ({ page }) => {
  const email = `e2e-login-${unique()}@example.ph`;
  await emulatorAccount(page, email, 'right-pass-1');
  await page.goto('/');
  await waitForGuest(page);

  let login = await openLogin(page);
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('wrong-pass-1');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'Invalid email or password. Please try again.')).toBeVisible();
  // The dialog closes after the attempt; the visitor is still a guest.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('site-header').getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await storageValue(page, 'isAuth')).toBeNull();

  login = await openLogin(page);
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('right-pass-1');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'Successfully logged in!')).toBeVisible();
  await expect(page.getByTestId('site-header').getByRole('link', { name: 'Dashboard: Teresa Magbanua, Free Plan' })).toBeVisible();
});

test("issue 22: a check before any attempt shows in the open dialog, its toast below the title and gone on a switch; a wrong password's 'Try again' reopens the dialog with the e-mail kept", async ({ page }) => {
  const email = `e2e-retry-${unique()}@example.ph`;
  await emulatorAccount(page, email, 'right-pass-1');
  await page.goto('/');
  await waitForGuest(page);

  const login = await openLogin(page);
  await login.getByLabel('Email').fill(email);
  await login.getByRole('button', { name: 'Log in' }).click();
  // In the dialog, which stays open (nothing was attempted), and in a toast that leaves the dialog's title uncovered.
  await expect(login.getByRole('alert')).toHaveText('Email and password are required.');
  await expect(login.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  const required = toast(page, 'Email and password are required.');
  await expect(required).toBeVisible();
  const [toastBox, titleBox] = [await required.boundingBox(), await login.getByRole('heading', { name: `Log in to ${BRAND}` }).boundingBox()];
  expect(toastBox && titleBox).toBeTruthy();
  const overlaps = toastBox!.y < titleBox!.y + titleBox!.height && titleBox!.y < toastBox!.y + toastBox!.height;
  expect(overlaps, 'the error toast covers the dialog title').toBe(false);
  // A switch to sign-up takes the login form's error with it.
  await login.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
  await expect(required).toHaveCount(0);
  await page.getByRole('dialog', { name: 'Create your account' }).getByRole('button', { name: 'Log in' }).click();

  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('wrong-pass-1');
  await login.getByRole('button', { name: 'Log in' }).click();
  const failed = toast(page, 'Invalid email or password. Please try again.');
  await expect(failed).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await failed.getByRole('button', { name: 'Try again' }).click();
  const again = page.getByRole('dialog', { name: `Log in to ${BRAND}` });
  await expect(again).toBeVisible();
  await expect(again.getByLabel('Email')).toHaveValue(email);
  await expect(again.getByLabel('Password')).toHaveValue('');
  await expect(failed).toHaveCount(0);
  await again.getByLabel('Password').fill('right-pass-1');
  await again.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'Successfully logged in!')).toBeVisible();
});

test('issue 22: on a Filipino page the login dialog, its check and the toasts of a failed attempt are in Filipino', async ({ page }) => {
  const email = `e2e-fil-${unique()}@example.ph`;
  await emulatorAccount(page, email, 'right-pass-1');
  await page.goto('/fil');
  await waitForGuest(page);
  await page.getByTestId('site-header').getByRole('button', { name: /log in/i }).click();
  const login = page.getByRole('dialog', { name: `Mag-log in sa ${BRAND}` });
  await expect(login).toBeVisible();
  await login.getByRole('button', { name: 'Mag-log in' }).click();
  await expect(login.getByRole('alert')).toHaveText('Kailangan ang email at password.');
  await expect(toast(page, 'Kailangan ang email at password.')).toBeVisible();

  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('wrong-pass-1');
  await login.getByRole('button', { name: 'Mag-log in' }).click();
  // The store's toast, translated for the page's language, with its 'Try again'.
  const failed = toast(page, 'Mali ang email o password. Subukan ulit.');
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'Subukan ulit' }).click();
  await expect(login.getByLabel('Email')).toHaveValue(email);
});

test("'Continue with Google' completes through the emulator's account chooser", async ({ page }) => {
  await page.goto('/');
  await waitForGuest(page);
  const login = await openLogin(page);
  const popupPromise = page.waitForEvent('popup');
  await login.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await expect(page.getByTestId('global-spinner')).toBeVisible();

  await popup.getByText('Add new account').click();
  await popup.getByText('Auto-generate user information').click();
  const email = await popup.locator('#email-input').inputValue();
  expect(email).toContain('@');
  await popup.locator('#sign-in').click();

  await expect(toast(page, 'You have been logged in sucessfully!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('site-header').getByRole('button', { name: 'Log out' })).toBeVisible();
  expect(await storageValue(page, 'loginType')).toBe('2');
  expect(JSON.parse((await storageValue(page, 'user')) ?? '{}').email).toBe(email);
  expect(await storageValue(page, 'isAnonymous')).toBeNull();
});

test('Terms and Privacy open from sign-up with all their sections, and close by X, I Understand and the backdrop', async ({ page }) => {
  await page.goto('/');
  const signUp = await openSignUp(page);
  const policies = [
    { link: 'Terms and Conditions', title: 'Mobile App Terms and Conditions', sections: 12, first: 'Introduction', last: 'Dispute Resolution' },
    { link: 'Privacy Policy', title: 'Mobile App Privacy Policy', sections: 11, first: 'Introduction', last: 'Updates and Modifications' },
  ];
  for (const p of policies) {
    for (const how of ['X', 'I Understand', 'backdrop', 'Escape'] as const) {
      await signUp.getByRole('button', { name: p.link }).click();
      const modal = page.getByRole('dialog', { name: p.title });
      await expect(modal).toBeVisible();
      const headings = modal.getByRole('heading', { level: 3 });
      await expect(headings).toHaveCount(p.sections);
      await expect(headings.first()).toContainText(p.first);
      await expect(headings.last()).toContainText(p.last);
      await expect(modal).toContainText('18');
      if (how === 'X') await modal.getByRole('button', { name: 'Close' }).click();
      if (how === 'I Understand') await modal.getByRole('button', { name: 'I Understand' }).click();
      if (how === 'backdrop') await page.getByTestId('modal-backdrop').last().click({ position: { x: 8, y: 8 } });
      if (how === 'Escape') await page.keyboard.press('Escape');
      await expect(modal, `${p.link} closes by ${how}`).toHaveCount(0);
      // Only the policy closed; the sign-up form is still there.
      await expect(signUp).toBeVisible();
    }
  }
  // The login dialog itself closes by its close button and by a backdrop click.
  await signUp.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await openLogin(page);
  await page.getByTestId('modal-backdrop').click({ position: { x: 8, y: 8 } });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
