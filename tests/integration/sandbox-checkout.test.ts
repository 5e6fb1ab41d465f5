import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, payments, sandboxCheckouts } from '@/lib/server/db/schema';
import { openAppDb } from '../fixtures/app-db';
import { call, checkoutIdOf, loadRoutes, planId, sandboxPage, USER_INFO, type Routes } from '../fixtures/payments';
import { makeUser } from '../fixtures/users';

/**
 * The sandbox's hosted checkout (issue 20 items 9 and 10): its webhook goes to the configured origin whatever Host the
 * payer sent; a declined card leaves the checkout open with the form and the reason; a malformed number says so.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

let r: Routes;
let monthly: string;
beforeAll(async () => {
  r = await loadRoutes();
  monthly = await planId(await appDb.db(), 'monthly');
});

async function cardCheckout() {
  const user = await makeUser(await appDb.db());
  const res = await call(r.link.POST, '/api/sandbox/subscription/generate-payment-link', {
    method: 'POST',
    token: user.token,
    params: { gateway: 'sandbox' },
    body: { vipPlanId: monthly, userId: user.id, paymentMethod: 'bdo_cc_ph', userInfo: USER_INFO },
  });
  expect(res.status).toBe(200);
  return { paymentLink: res.json.paymentLink as string, requestId: res.json.pendingPaymentData.requestId as string };
}

const checkoutRow = async (requestId: string) => (await (await appDb.db()).select().from(sandboxCheckouts).where(eq(sandboxCheckouts.requestId, requestId)))[0];
const paymentRow = async (requestId: string) => (await (await appDb.db()).select().from(payments).where(eq(payments.requestId, requestId)))[0];
const deliveries = async () => (await (await appDb.db()).select().from(jobs).where(eq(jobs.type, 'webhook.deliver'))).map((j) => j.payload as { url: string; body: string });

describe('sandbox checkout', () => {
  it("sends its signed webhook to the configured origin, never to the Host the payer's request named", async () => {
    const { paymentLink, requestId } = await cardCheckout();
    const form = new URLSearchParams({ outcome: 'paid', cardNumber: '4343 4343 4343 4345' }).toString();
    const req = new NextRequest(paymentLink, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      body: form,
    });
    const res = await r.pay.POST(req, { params: Promise.resolve({ checkoutId: checkoutIdOf(paymentLink) }) });
    expect(res.status).toBe(303);
    const mine = (await deliveries()).filter((d) => d.body.includes(requestId));
    expect(mine).toHaveLength(1);
    expect(new URL(mine[0].url).host).not.toBe('evil.example');
    expect(mine[0].url).toBe(new URL('/api/payments/webhook/sandbox', process.env.NEXT_PUBLIC_SITE_URL ?? 'http://localhost:3000').toString());
  });

  it('a declined card shows the reason with the form again; the checkout stays open and the payment pending; another card then pays', async () => {
    const { paymentLink, requestId } = await cardCheckout();
    for (const [card, reason] of [['4111 1111 1111 1111', /declined/i], ['5100000000000198', /insufficient funds/i]] as const) {
      const page = await sandboxPage(r, paymentLink, { outcome: 'paid', cardNumber: card });
      expect(page.status, card).toBe(402);
      expect(page.text).toMatch(reason);
      expect(page.text).toContain('role="alert"');
      expect(page.text).toContain('name="cardNumber"');
      expect(page.text).toContain('Cancel payment');
      expect((await checkoutRow(requestId)).status).toBe('open');
      expect((await paymentRow(requestId)).status).toBe('pending');
    }
    expect((await deliveries()).filter((d) => d.body.includes(requestId))).toHaveLength(0);
    // The same checkout takes the next card.
    expect((await sandboxPage(r, paymentLink, { outcome: 'paid', cardNumber: '4343434343434345' })).status).toBe(303);
    expect((await checkoutRow(requestId)).status).toBe('paid');
  });

  it("only 'Cancel payment' ends a card checkout as failed", async () => {
    const { paymentLink, requestId } = await cardCheckout();
    expect((await sandboxPage(r, paymentLink, { outcome: 'paid', cardNumber: '4111111111111111' })).status).toBe(402);
    expect((await sandboxPage(r, paymentLink, { outcome: 'failed' })).status).toBe(303);
    expect(await checkoutRow(requestId)).toMatchObject({ status: 'failed', failureReason: 'Cancelled by the buyer.' });
  });

  it('a malformed card number says so; an empty one asks for it', async () => {
    const { paymentLink, requestId } = await cardCheckout();
    for (const card of ['4343', '4343 4343 4343 43', '4343 4343 4343 4345 1', '4343-4343-4343-434x', '1234567890123']) {
      const page = await sandboxPage(r, paymentLink, { outcome: 'paid', cardNumber: card });
      expect(page.status, card).toBe(422);
      expect(page.text, card).toContain('Enter a valid 16-digit card number.');
    }
    const empty = await sandboxPage(r, paymentLink, { outcome: 'paid', cardNumber: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.text).toContain('Enter the card number.');
    expect((await checkoutRow(requestId)).status).toBe('open');
  });
});
