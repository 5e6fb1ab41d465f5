import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiHeaders, buyVip, signInBrowser, signUpViewer, type SignedUpViewer } from './fixtures';

/**
 * Receipts (issue 22): the same purchase shows one date, in Manila time, on the dashboard and on its receipt page,
 * in English and in Filipino, whatever the device's time zone; the receipt page prints (Print / Save as PDF, a print
 * stylesheet without the site's header and footer); another user's receipt is not found; the page is not indexed,
 * not in the sitemap and not kept by the shared page cache.
 */

// A device far from Manila: a date in the device's zone would show another day for part of every day.
test.use({ timezoneId: 'America/Los_Angeles' });

type Receipt = { _id: string; reference: string; paidAt: string };

/** '1:05 AM' with a narrow no-break space in some ICU versions: compared with plain spaces. */
const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The day, month and year of `iso` in Manila, as the English page spells them ('January 1, 2026'). */
const manilaDay = (iso: string) => new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'Asia/Manila' }).format(new Date(iso));

async function openDashboardReceipt(page: Page, prefix: '' | '/fil', reference: string) {
  await page.goto(`${prefix}/dashboard`);
  const purchase = page.getByTestId('purchases').getByTestId('purchase').filter({ hasText: 'VIP Monthly' });
  await expect(purchase).toHaveCount(1, { timeout: 20_000 });
  const date = plain(await purchase.getByTestId('purchase-date').textContent());
  await purchase.getByRole('button', { name: prefix ? /Tingnan ang resibo/ : /View receipt/ }).click();
  await expect(purchase.getByTestId('receipt-details')).toContainText(reference);
  expect(plain(await purchase.getByTestId('receipt-date').textContent())).toBe(date);
  return { purchase, date };
}

test('a purchase has one date on the dashboard and on its receipt page, which prints without the site around it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const viewer = await signUpViewer(request);
  const requestId = await buyVip(request, viewer, 'monthly');
  const receipts = await request.get('/api/client/payments/receipts', { headers: apiHeaders(viewer.token) });
  const receipt = ((await receipts.json()) as { data: Receipt[] }).data.find((r) => r.reference === requestId)!;
  expect(receipt).toBeTruthy();
  await signInBrowser(page, viewer);

  // English: the dashboard's date is Manila's day, and its receipt opens as a page with the same date.
  const { purchase, date } = await openDashboardReceipt(page, '', requestId);
  expect(date.startsWith(`${manilaDay(receipt.paidAt)} at `)).toBe(true);
  await purchase.getByRole('link', { name: 'Open as a page to print or save' }).click();
  await expect(page).toHaveURL(new RegExp(`/wallet/receipts/${receipt._id}$`));
  const sheet = page.getByTestId('receipt-page');
  await expect(sheet.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible({ timeout: 20_000 });
  await expect(sheet.getByTestId('receipt-reference')).toHaveText(requestId);
  expect(plain(await sheet.getByTestId('receipt-date').textContent())).toBe(date);
  await expect(page).toHaveTitle(/^Receipt \| /);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  // Print / Save as PDF calls the browser's print; on paper only the receipt shows.
  const print = sheet.getByRole('button', { name: 'Print / Save as PDF' });
  await expect(print).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __printed: number }).__printed = 0;
    window.print = () => void ((window as unknown as { __printed: number }).__printed += 1);
  });
  await print.click();
  expect(await page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('site-footer')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('site-header')).toBeHidden();
  await expect(page.getByTestId('site-footer')).toBeHidden();
  await expect(print).toBeHidden();
  await expect(sheet.getByTestId('receipt-reference')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Filipino: the same purchase, one Filipino date on the dashboard and on the Filipino receipt page.
  const fil = await openDashboardReceipt(page, '/fil', requestId);
  expect(fil.date).not.toBe(date);
  expect(fil.date).toMatch(/ nang /);
  await fil.purchase.getByRole('link', { name: 'Buksan bilang page para i-print o i-save' }).click();
  await expect(page).toHaveURL(new RegExp(`/fil/wallet/receipts/${receipt._id}$`));
  await expect(page.getByTestId('receipt-page').getByRole('button', { name: 'I-print / I-save bilang PDF' })).toBeVisible({ timeout: 20_000 });
  expect(plain(await page.getByTestId('receipt-date').textContent())).toBe(fil.date);
});

/** Buys the first coin plan over HTTP as the browser does (process…Payment, the sandbox form paid), until credited. */
async function buyCoins(request: APIRequestContext, viewer: SignedUpViewer): Promise<string> {
  const headers = apiHeaders(viewer.token);
  const plans = ((await (await request.get('/api/client/coinplan/fetchCoinplanByUser', { headers })).json()) as { data: { _id: string }[] }).data;
  const res = await request.post('/api/client/coinPlan/processSandboxPayment', {
    headers,
    data: { coinPlanId: plans[0]._id, paymentMethod: 'gc', userInfo: { fname: 'Coin', lname: 'Tester', email: viewer.user.email ?? 'coin@example.ph', phone: '', mobile: '', dob: '' } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { paymentLink, requestId } = (await res.json()) as { paymentLink: string; requestId: string };
  const checkout = await request.post(new URL(paymentLink).pathname, { form: { outcome: 'paid' }, maxRedirects: 0 });
  expect(checkout.status(), await checkout.text()).toBe(303);
  const receiptOf = async () =>
    ((await (await request.get('/api/client/payments/receipts', { headers })).json()) as { data: Receipt[] }).data.find((r) => r.reference === requestId);
  await expect.poll(async () => Boolean(await receiptOf()), { timeout: 20_000, message: 'the webhook should make the top-up paid' }).toBe(true);
  return requestId;
}

test('a top-up has the same date in the wallet, on the dashboard and on its receipt page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const viewer = await signUpViewer(request);
  const requestId = await buyCoins(request, viewer);
  await signInBrowser(page, viewer);

  await page.goto('/wallet');
  const topUp = page.getByTestId('wallet-top-ups').getByTestId('top-up-entry').filter({ hasText: requestId });
  await expect(topUp).toHaveCount(1, { timeout: 20_000 });
  const walletDate = plain(await topUp.getByTestId('top-up-paid').textContent());

  await page.goto('/dashboard');
  const purchase = page.getByTestId('purchases').getByTestId('purchase');
  await expect(purchase).toHaveCount(1, { timeout: 20_000 });
  expect(plain(await purchase.getByTestId('purchase-date').textContent())).toBe(walletDate);

  await page.goto('/wallet');
  await topUp.getByRole('link', { name: /^View receipt: / }).click();
  await expect(page.getByTestId('receipt-page').getByTestId('receipt-reference')).toHaveText(requestId, { timeout: 20_000 });
  expect(plain(await page.getByTestId('receipt-date').textContent())).toBe(walletDate);
});

test("another viewer opening a receipt's address finds no receipt; the page is in no sitemap and no shared cache", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const buyer = await signUpViewer(request);
  const requestId = await buyVip(request, buyer, 'weekly');
  const receipts = await request.get('/api/client/payments/receipts', { headers: apiHeaders(buyer.token) });
  const { _id } = ((await receipts.json()) as { data: Receipt[] }).data.find((r) => r.reference === requestId)!;

  const other = await signUpViewer(request);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInBrowser(page, other);
  await page.goto(`/wallet/receipts/${_id}`);
  const missing = page.getByTestId('receipt-not-found');
  await expect(missing.getByRole('heading', { level: 1, name: 'Receipt not found' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('receipt-page')).toHaveCount(0);
  await expect(page.getByText(requestId)).toHaveCount(0);
  await page.goto('/fil/wallet/receipts/not-a-payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Hindi makita ang resibo' })).toBeVisible({ timeout: 20_000 });
  await context.close();

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/subscription<');
  expect(sitemap).not.toContain('/receipts');
  for (let i = 0; i < 2; i++) {
    const res = await request.get(`/wallet/receipts/${_id}`, { headers: { accept: 'text/html' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['x-cache']).toBeUndefined();
  }
});
