import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiHeaders, signInBrowser, signUpViewer, type SignedUpViewer } from './fixtures';

/**
 * Issue 20's e2e check of 'Operators can see and settle money', the way it happens: a buyer pays a VIP checkout on
 * the sandbox's page, but a paid event with the wrong amount reached us first, so the payment is flagged and grants
 * nothing. The demo admin, on a 360 px wide screen, opens Payments, finds it under Flagged by the buyer's e-mail, opens
 * its history and refunds it (confirm, with a note); the server's job queue carries the refund out at the sandbox and
 * the page shows it refunded. The buyer's dashboard then shows the receipt as Refunded.
 */

const ADMIN = { email: 'admin@kilig.demo', password: 'kilig-studio-2026' };
const BRAND = process.env.NEXT_PUBLIC_BRAND_NAME ?? 'Kilig';
/** The demo's signing secret (lib/env.ts DEMO_SECRETS), as the e2e server runs with it. */
const WEBHOOK_SECRET = process.env.PAYMENT_WEBHOOK_SECRET ?? 'kilig-dev-webhook-secret-change-me';

/**
 * A sandbox webhook as the gateway signs it: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (docs/payments.md
 * 'Webhooks').
 */
async function postSignedEvent(request: APIRequestContext, event: { id: string; type: 'payment.paid'; data: { requestId: string; amount: number; currency: string } }) {
  const body = JSON.stringify(event);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex');
  const res = await request.post('/api/payments/webhook/sandbox', { headers: { 'content-type': 'application/json', 'kilig-signature': `t=${t},v1=${v1}` }, data: body });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { outcome: string } }).data.outcome;
}

/** A flagged VIP payment of the viewer: the money is taken on the sandbox's page, the event that came first did not match. */
async function flaggedPayment(request: APIRequestContext, viewer: SignedUpViewer): Promise<{ requestId: string }> {
  const headers = apiHeaders(viewer.token);
  const plans = await request.get('/api/payment/sandbox/subscription/available-plans', { headers });
  const monthly = ((await plans.json()) as { data: { _id: string; subscriptionType: string }[] }).data.find((p) => p.subscriptionType === 'monthly')!;
  const linkRes = await request.post('/api/sandbox/subscription/generate-payment-link', {
    headers,
    data: { vipPlanId: monthly._id, userId: viewer.user._id, paymentMethod: 'gc', billingMode: 'one_time', userInfo: { fname: 'Refund', lname: 'Tester', email: viewer.user.email, phone: '', mobile: '', dob: '' } },
  });
  expect(linkRes.ok(), await linkRes.text()).toBe(true);
  const { paymentLink, pendingPaymentData } = (await linkRes.json()) as { paymentLink: string; pendingPaymentData: { requestId: string; amountCentavos: number } };
  const { requestId } = pendingPaymentData;
  expect(await postSignedEvent(request, { id: `evt_e2e_${Date.now().toString(36)}`, type: 'payment.paid', data: { requestId, amount: 100, currency: 'PHP' } })).toBe('flagged');
  // The buyer pays on the gateway's page; its own (correct) webhook finds the payment flagged and grants nothing.
  const checkout = await request.post(new URL(paymentLink).pathname, { form: { outcome: 'paid' }, maxRedirects: 0 });
  expect(checkout.status(), await checkout.text()).toBe(303);
  return { requestId };
}

async function logInAsAdmin(page: Page) {
  await page.goto('/studio');
  await page.waitForFunction(() => window.localStorage.getItem('isAnonymous') === 'true', undefined, { timeout: 20_000 });
  await expect(page.getByText('Log in with a studio account')).toBeVisible();
  await page.getByTestId('site-header').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: `Log in to ${BRAND}` });
  await login.getByLabel('Email').fill(ADMIN.email);
  await login.getByLabel('Password').fill(ADMIN.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Studio' })).toBeVisible({ timeout: 20_000 });
}

/** Nothing sticks out sideways: the page scrolls only up and down. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('an admin finds a flagged payment in Payments, refunds it, and the buyer’s receipt shows it refunded', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const buyer = await signUpViewer(request);
  const { requestId } = await flaggedPayment(request, buyer);

  const admin = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  const page = await admin.newPage();
  await logInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Payments' }).click();
  await page.waitForURL(/\/studio\/payments$/);
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Job queue' })).toBeVisible();

  const tabs = page.getByRole('group', { name: 'Show payments' });
  await tabs.getByRole('button', { name: /^Flagged/ }).click();
  await expect(tabs.getByRole('button', { name: /^Flagged/ })).toHaveAttribute('aria-pressed', 'true');
  const search = page.getByRole('search', { name: 'Search payments' });
  await search.getByLabel(/Search by e-mail/).fill(buyer.user.email!);
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByTestId('payment-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(buyer.user.email!);
  await expect(row).toContainText('₱299.00');
  await expect(row).toContainText('Flagged');
  await expectNoSidewaysScroll(page);

  // Its history, then the refund: confirm with a note.
  await row.getByRole('link', { name: new RegExp(`open payment ${requestId}`) }).click();
  await page.waitForURL(/\/studio\/payments\/[0-9a-f]{24}$/);
  const history = page.getByTestId('payment-history');
  await expect(history.locator('li[data-kind="flagged"]')).toContainText('amount 100 ≠ 29900');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Refund ₱299.00' }).click();
  const confirm = page.getByRole('form', { name: 'Confirm the refund of ₱299.00' });
  await expect(confirm.getByLabel('Note (required)')).toBeFocused();
  await confirm.getByLabel('Note (required)').fill('The first paid event said ₱1.00; the buyer paid ₱299.00 and gets it back.');
  await confirm.getByRole('button', { name: 'Confirm refund of ₱299.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Refund of ₱299.00 requested' })).toBeVisible();
  // The server's worker runs the refund job; the page follows it until the gateway has refunded.
  await expect(page.getByTestId('payment-status')).toHaveText('Refunded', { timeout: 30_000 });
  await expect(history.locator('li[data-kind="refunded"]')).toContainText(/Gateway refund refund_cs_/);
  await expect(history.locator('li[data-kind="audit"]')).toContainText('payment.refund by admin@kilig.demo');
  await expect(page.getByRole('button', { name: /Refund ₱/ })).toHaveCount(0);
  await admin.close();

  // The buyer's dashboard: the receipt says Refunded.
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await signInBrowser(buyerPage, buyer);
  await buyerPage.goto('/dashboard');
  const purchase = buyerPage.getByTestId('purchase').filter({ hasText: 'VIP Monthly' });
  await expect(purchase).toHaveCount(1, { timeout: 20_000 });
  await expect(purchase.getByTestId('purchase-refund')).toHaveText('Refunded');
  await purchase.getByRole('button', { name: /View receipt/ }).click();
  await expect(purchase.getByTestId('receipt-details')).toContainText(requestId);
  await expect(purchase.getByTestId('receipt-details')).toContainText(/Refunded on /);
  await buyerContext.close();
});
