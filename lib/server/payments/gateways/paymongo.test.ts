import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { WebhookSignatureError, type CheckoutRequest } from '@/lib/server/payments/gateway';
import {
  PAYMONGO_PAYMENT_METHOD_TYPES,
  PayMongoApiError,
  UnsupportedPaymentMethodError,
  createPayMongoGateway,
  parsePaymongoSignature,
} from './paymongo';

/*
 * Fixtures are PayMongo's own examples:
 * - the request of https://developers.paymongo.com/docs/payment-channels-hosted-checkout (curl with `-u
 *   sk_live_xxxxxxxxxxxx:`, one line item "Premium subscription", 49900 centavos, PHP, quantity 1) and of the quick
 *   start https://developers.paymongo.com/docs/payment-channels-hosted-checkout-quick-start (`-u sk_test_xxxxxxxxxxxx:`);
 * - the `payment.paid` / `payment.failed` events of https://docs.paymongo.com/docs/developer-tools-webhooks-events,
 *   verbatim;
 * - the Checkout Session resource of https://developers.paymongo.com/reference/checkout-session-resource (ids, amounts,
 *   statuses and reference number verbatim; nested billing, images, taxes and fees dropped, they are not read).
 *
 * The signature page (https://developers.paymongo.com/docs/securing-webhook) shows a sample header
 * `t=1496734173,te=…,li=…` but no secret and no body, and its two digests are placeholders (they contain an 's', so
 * they are not hex). So the signatures here are computed by the documented algorithm (hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed with the webhook secret) with the sample's timestamp; one digest was computed outside Node
 * with `openssl dgst -sha256 -hmac` so the test does not only check the code against itself.
 */

const WEBHOOK_SECRET = 'whsk_kilig_docs_example_secret';
const DOCS_T = 1496734173;
const AT_DOCS_T = new Date((DOCS_T + 10) * 1000);

/** docs.paymongo.com/docs/developer-tools-webhooks-events, 'Payment Acceptance', payment.paid (verbatim). */
const DOCS_PAYMENT_PAID = `{
  "data": {
    "id": "evt_xxxxxxxxxxxxxxxxxxxxxxxx",
    "type": "event",
    "attributes": {
      "type": "payment.paid",
      "livemode": true,
      "created_at": 1700000000,
      "updated_at": 1700000000,
      "data": {
        "id": "pay_xxxxxxxxxxxxxxxxxxxxxxxx",
        "type": "payment",
        "attributes": {
          "amount": 10000,
          "currency": "PHP",
          "status": "paid",
          "description": "Order #1234"
        }
      }
    }
  }
}`;
/** `printf '1496734173.' ; cat body` | openssl dgst -sha256 -hmac whsk_kilig_docs_example_secret (body above). */
const OPENSSL_SIGNATURE = 'c9bb7e4c43018cf4c671f4f3bf76a26830f2bcca63a63cc147bb6419cdb27dfe';

/** Same page, payment.failed (verbatim). */
const DOCS_PAYMENT_FAILED = `{
  "data": {
    "id": "evt_xxxxxxxxxxxxxxxxxxxxxxxx",
    "type": "event",
    "attributes": {
      "type": "payment.failed",
      "livemode": true,
      "created_at": 1700000000,
      "updated_at": 1700000000,
      "data": {
        "id": "pay_xxxxxxxxxxxxxxxxxxxxxxxx",
        "type": "payment",
        "attributes": {
          "amount": 10000,
          "currency": "PHP",
          "status": "failed",
          "description": "Order #1234"
        }
      }
    }
  }
}`;

/** developers.paymongo.com/reference/checkout-session-resource (paid; see the header comment for what is dropped). */
function docsCheckoutSession(overrides: Record<string, unknown> = {}) {
  const payment = {
    id: 'pay_gPSJ6SB24SVEa5hH8LrXBtd4',
    type: 'payment',
    attributes: {
      amount: 180000,
      currency: 'PHP',
      description: 'The beanie products.',
      livemode: true,
      payment_intent_id: 'pi_aJsHfCD2AmR9V5KBvtkW8XY2',
      source: { id: 'card_7EAQrE19W7ESJZkQdoQiy6gj', type: 'card', brand: 'mastercard', country: 'BJ', last4: '2346' },
      status: 'paid',
      metadata: { customer_number: '42jn1i53', remarks: 'Customer cannot receive items during weekends or evening', notes: 'Additional packaging. Include free samples' },
      paid_at: 1671438228,
    },
  };
  return {
    id: 'cs_CbFCTDfxvMFNjwjVi26Uzhtj',
    type: 'checkout_session',
    attributes: {
      checkout_url: 'https://checkout.paymongo.com/cs_CbFCTasdvMFNjwjVi26Uzhtj#fneklwafoifdlsa123f5v1=',
      client_key: 'cs_CbFCTDfxvMFNjwjVi26Uzhtj_client_YyXPYEejtNMmeZfcg5AAzXQ8',
      description: 'The beanie products.',
      line_items: [
        { amount: 550, currency: 'PHP', description: 'A fresh bag of coffee beanines.', name: 'Beanines', quantity: 100 },
        { amount: 125000, currency: 'PHP', description: 'A locally grown Jasmine Rice.', name: 'Jasmine Rice 25KG', quantity: 1 },
      ],
      livemode: true,
      merchant: 'Paymongo Test Account',
      payments: [payment],
      payment_intent: {
        id: 'pi_aJsHfCD2AmR9V5KBvtkW8XY2',
        type: 'payment_intent',
        attributes: { amount: 180000, currency: 'PHP', description: 'The beanie products.', livemode: true, status: 'succeeded' },
      },
      payment_method_types: ['card', 'gcash', 'atome'],
      reference_number: 'm2m39sj43h5lfFSA1sd',
      send_email_receipt: true,
      show_description: true,
      show_line_items: true,
      status: 'active',
      success_url: 'https://google.com',
      created_at: 1671437933,
      updated_at: 1671437933,
      metadata: { notes: 'Additional packaging. Include free samples', customer_number: '42jn1i53', remarks: 'Customer cannot receive items during weekends or evening' },
      ...overrides,
    },
  };
}
/** The same session before anyone paid: no payments, intent awaiting a payment method. */
function unpaidSession(status = 'active') {
  return docsCheckoutSession({
    payments: [],
    payment_intent: { id: 'pi_aJsHfCD2AmR9V5KBvtkW8XY2', type: 'payment_intent', attributes: { amount: 180000, currency: 'PHP', status: 'awaiting_payment_method' } },
    status,
  });
}

function sign(body: string | Buffer, { t = DOCS_T, secret = WEBHOOK_SECRET } = {}): string {
  return createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
}
function headersWith(signature: string): Headers {
  return new Headers({ 'Content-Type': 'application/json', 'Paymongo-Signature': signature });
}
function testEvent(body: string): string {
  return body.replace('"livemode": true', '"livemode": false');
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
function gatewayWith(response: () => Response, secretKey = 'sk_test_xxxxxxxxxxxx') {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  const gateway = createPayMongoGateway({ secretKey, webhookSecret: WEBHOOK_SECRET, fetch: fetch as unknown as typeof globalThis.fetch });
  return { gateway, fetch };
}
const live = () => createPayMongoGateway({ secretKey: 'sk_live_xxxxxxxxxxxx', webhookSecret: WEBHOOK_SECRET, fetch: vi.fn() as unknown as typeof globalThis.fetch });
const test = () => createPayMongoGateway({ secretKey: 'sk_test_xxxxxxxxxxxx', webhookSecret: WEBHOOK_SECRET, fetch: vi.fn() as unknown as typeof globalThis.fetch });

const request: CheckoutRequest = {
  paymentId: '7b1d3c2e-0000-4000-8000-000000000001',
  requestId: 'PAYMENT_1718000000000_ab12cd',
  kind: 'vip',
  amountCentavos: 49900,
  currency: 'PHP',
  description: 'Premium subscription',
  paymentMethod: 'gc',
  buyer: { firstName: 'Juan', lastName: 'dela Cruz', email: 'juan@example.com', phone: '09171234567' },
  returnUrl: 'https://kilig.example/payment/return?requestId=PAYMENT_1718000000000_ab12cd',
};

function sentRequest(fetch: ReturnType<typeof gatewayWith>['fetch']) {
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0];
  return { url: String(url), init: init!, headers: new Headers(init!.headers), body: init!.body ? JSON.parse(String(init!.body)) : undefined };
}

describe('createCheckout', () => {
  it('sends the documented request: POST /v1/checkout_sessions, Basic auth of the secret key, the docs line item in centavos', async () => {
    const { gateway, fetch } = gatewayWith(() => jsonResponse({ data: unpaidSession() }));
    await gateway.createCheckout(request);
    const { url, init, headers, body } = sentRequest(fetch);

    expect(url).toBe('https://api.paymongo.com/v1/checkout_sessions');
    expect(init.method).toBe('POST');
    // curl -u sk_test_xxxxxxxxxxxx: → the key as user name, an empty password.
    expect(headers.get('authorization')).toBe(`Basic ${Buffer.from('sk_test_xxxxxxxxxxxx:').toString('base64')}`);
    expect(headers.get('authorization')).toBe('Basic c2tfdGVzdF94eHh4eHh4eHh4eHg6');
    expect(headers.get('content-type')).toBe('application/json');
    // The hosted-checkout page's example line item, exactly: ₱499.00 is 49900 centavos.
    expect(body.data.attributes.line_items).toEqual([{ name: 'Premium subscription', amount: 49900, currency: 'PHP', quantity: 1 }]);
    expect(body).toEqual({
      data: {
        attributes: {
          line_items: [{ name: 'Premium subscription', amount: 49900, currency: 'PHP', quantity: 1 }],
          payment_method_types: ['gcash'],
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
          reference_number: 'PAYMENT_1718000000000_ab12cd',
          description: 'Premium subscription',
          billing: { name: 'Juan dela Cruz', email: 'juan@example.com', phone: '09171234567' },
          send_email_receipt: false,
          show_description: true,
          show_line_items: true,
          metadata: { payment_id: request.paymentId, request_id: 'PAYMENT_1718000000000_ab12cd', kind: 'vip' },
        },
      },
    });
  });

  it('answers the session id and checkout_url of the documented resource; a QR checkout encodes that URL', async () => {
    const { gateway } = gatewayWith(() => jsonResponse({ data: unpaidSession() }));
    expect(await gateway.createCheckout(request)).toEqual({
      checkoutUrl: 'https://checkout.paymongo.com/cs_CbFCTasdvMFNjwjVi26Uzhtj#fneklwafoifdlsa123f5v1=',
      providerRef: 'cs_CbFCTDfxvMFNjwjVi26Uzhtj',
    });
    expect(await gateway.createCheckout({ ...request, qr: true })).toMatchObject({
      qrData: 'https://checkout.paymongo.com/cs_CbFCTasdvMFNjwjVi26Uzhtj#fneklwafoifdlsa123f5v1=',
    });
  });

  it('uses the live key as given, and leaves out a phone the buyer did not give', async () => {
    const { gateway, fetch } = gatewayWith(() => jsonResponse({ data: unpaidSession() }), 'sk_live_xxxxxxxxxxxx');
    await gateway.createCheckout({ ...request, buyer: { ...request.buyer, phone: null } });
    const { headers, body } = sentRequest(fetch);
    expect(headers.get('authorization')).toBe(`Basic ${Buffer.from('sk_live_xxxxxxxxxxxx:').toString('base64')}`);
    expect(body.data.attributes.billing).toEqual({ name: 'Juan dela Cruz', email: 'juan@example.com' });
  });

  it('maps the 14 card codes to card and GCash, Maya, GrabPay to their PayMongo types', async () => {
    const cards = ['bdo_cc_ph', 'metrobank_cc_ph', 'ubp_ph', 'rob_ph', 'maybank_cc_ph', 'paymaya_cc_ph', 'gpap_cc_ph', 'paytabs_cc_ph', 'wdbank_de', 'sberbank_ru', 'integra_au', 'emp_bg', 'icard_bg', 'pc21_cy'];
    const wallets = ['gc', 'paymaya_ph', 'grabpay_ph', 'shopeepay_ph', 'coins_ph', 'homecredit_ph', 'paybiz_ph', 'wechat', 'alipay'];
    expect(Object.keys(PAYMONGO_PAYMENT_METHOD_TYPES).sort()).toEqual([...cards, ...wallets].sort());
    const expected: Record<string, string> = { gc: 'gcash', paymaya_ph: 'paymaya', grabpay_ph: 'grab_pay', ...Object.fromEntries(cards.map((c) => [c, 'card'])) };
    for (const [method, type] of Object.entries(expected)) {
      const { gateway, fetch } = gatewayWith(() => jsonResponse({ data: unpaidSession() }));
      await gateway.createCheckout({ ...request, paymentMethod: method });
      expect(sentRequest(fetch).body.data.attributes.payment_method_types, method).toEqual([type]);
    }
  });

  it('refuses a method PayMongo does not take, or an unknown code, with a clear error and no request', async () => {
    for (const method of ['shopeepay_ph', 'coins_ph', 'homecredit_ph', 'paybiz_ph', 'wechat', 'alipay']) {
      const { gateway, fetch } = gatewayWith(() => jsonResponse({ data: unpaidSession() }));
      const error = await gateway.createCheckout({ ...request, paymentMethod: method }).catch((e: unknown) => e);
      expect(error, method).toBeInstanceOf(UnsupportedPaymentMethodError);
      expect((error as Error).message).toBe(`Payment method '${method}' is not available through paymongo`);
      expect(fetch).not.toHaveBeenCalled();
    }
    const { gateway, fetch } = gatewayWith(() => jsonResponse({ data: unpaidSession() }));
    await expect(gateway.createCheckout({ ...request, paymentMethod: 'toString' })).rejects.toThrow("Unknown payment method 'toString'");
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses amounts that are not positive integer centavos, and other currencies, before calling PayMongo', async () => {
    const { gateway, fetch } = gatewayWith(() => jsonResponse({ data: unpaidSession() }));
    await expect(gateway.createCheckout({ ...request, amountCentavos: 499.5 })).rejects.toThrow('positive integer centavos');
    await expect(gateway.createCheckout({ ...request, amountCentavos: 0 })).rejects.toThrow('positive integer centavos');
    await expect(gateway.createCheckout({ ...request, currency: 'USD' as 'PHP' })).rejects.toThrow('PHP');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("turns PayMongo's error answer into an error carrying its status, code and detail", async () => {
    const { gateway } = gatewayWith(() =>
      jsonResponse({ errors: [{ code: 'parameter_invalid', detail: 'payment_method_types is not allowed for this account.', source: { pointer: 'payment_method_types' } }] }, 400),
    );
    const error = await gateway.createCheckout(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayMongoApiError);
    expect(error).toMatchObject({ status: 400, code: 'parameter_invalid' });
    expect((error as Error).message).toContain('payment_method_types is not allowed for this account.');
  });

  it('refuses an answer without an id or an https checkout_url', async () => {
    const { gateway } = gatewayWith(() => jsonResponse({ data: { id: 'cs_x', type: 'checkout_session', attributes: { checkout_url: 'http://evil.example' } } }));
    await expect(gateway.createCheckout(request)).rejects.toBeInstanceOf(PayMongoApiError);
  });

  it('needs a secret key of the documented form and a webhook secret', () => {
    expect(() => createPayMongoGateway({ secretKey: 'pk_test_xxxxxxxxxxxx', webhookSecret: WEBHOOK_SECRET })).toThrow('sk_test_ or sk_live_');
    expect(() => createPayMongoGateway({ secretKey: 'sk_test_xxxxxxxxxxxx', webhookSecret: '' })).toThrow('webhook secret');
  });
});

describe('verifyWebhook: the documented signature', () => {
  it('computes the documented HMAC, which matches a digest computed with openssl', () => {
    expect(sign(DOCS_PAYMENT_PAID)).toBe(OPENSSL_SIGNATURE);
  });

  it("accepts the docs' live payment.paid event signed in li, and maps it", async () => {
    const header = `t=${DOCS_T},te=,li=${OPENSSL_SIGNATURE}`;
    const event = await live().verifyWebhook(Buffer.from(DOCS_PAYMENT_PAID), headersWith(header), AT_DOCS_T);
    expect(event).toEqual({
      id: 'evt_xxxxxxxxxxxxxxxxxxxxxxxx',
      type: 'payment.paid',
      requestId: undefined,
      providerRef: 'pay_xxxxxxxxxxxxxxxxxxxxxxxx',
      amountCentavos: 10000,
      currency: 'PHP',
      payload: JSON.parse(DOCS_PAYMENT_PAID),
    });
  });

  it('a test-mode gateway checks te; a live one checks li, never the other', async () => {
    const testBody = testEvent(DOCS_PAYMENT_PAID);
    const good = sign(testBody);
    await expect(test().verifyWebhook(Buffer.from(testBody), headersWith(`t=${DOCS_T},te=${good},li=`), AT_DOCS_T)).resolves.toMatchObject({ type: 'payment.paid' });
    // The valid digest in the other mode's field does not count.
    await expect(test().verifyWebhook(Buffer.from(testBody), headersWith(`t=${DOCS_T},te=,li=${good}`), AT_DOCS_T)).rejects.toThrow('no test-mode signature');
    const liveGood = sign(DOCS_PAYMENT_PAID);
    await expect(live().verifyWebhook(Buffer.from(DOCS_PAYMENT_PAID), headersWith(`t=${DOCS_T},te=${liveGood},li=`), AT_DOCS_T)).rejects.toThrow('no live-mode signature');
  });

  it('refuses a test-mode event on a live gateway and a live event on a test gateway, even when signed', async () => {
    const testBody = testEvent(DOCS_PAYMENT_PAID);
    await expect(live().verifyWebhook(Buffer.from(testBody), headersWith(`t=${DOCS_T},te=,li=${sign(testBody)}`), AT_DOCS_T)).rejects.toThrow('test-mode event on a live-mode gateway');
    await expect(test().verifyWebhook(Buffer.from(DOCS_PAYMENT_PAID), headersWith(`t=${DOCS_T},te=${OPENSSL_SIGNATURE},li=`), AT_DOCS_T)).rejects.toThrow('live-mode event on a test-mode gateway');
  });

  it('refuses a tampered body, a wrong secret, and the same JSON re-serialised (the raw bytes are what is signed)', async () => {
    const header = headersWith(`t=${DOCS_T},te=,li=${OPENSSL_SIGNATURE}`);
    const tampered = DOCS_PAYMENT_PAID.replace('"amount": 10000', '"amount": 10');
    await expect(live().verifyWebhook(Buffer.from(tampered), header, AT_DOCS_T)).rejects.toThrow('does not match');
    const reserialised = JSON.stringify(JSON.parse(DOCS_PAYMENT_PAID));
    await expect(live().verifyWebhook(Buffer.from(reserialised), header, AT_DOCS_T)).rejects.toThrow('does not match');
    const wrongSecret = sign(DOCS_PAYMENT_PAID, { secret: 'whsk_someone_elses_secret' });
    await expect(live().verifyWebhook(Buffer.from(DOCS_PAYMENT_PAID), headersWith(`t=${DOCS_T},te=,li=${wrongSecret}`), AT_DOCS_T)).rejects.toThrow('does not match');
    // The timestamp is signed too: moving it breaks the signature.
    await expect(live().verifyWebhook(Buffer.from(DOCS_PAYMENT_PAID), headersWith(`t=${DOCS_T + 1},te=,li=${OPENSSL_SIGNATURE}`), AT_DOCS_T)).rejects.toThrow('does not match');
  });

  it('verifies non-ASCII bodies byte for byte', async () => {
    const body = Buffer.from(DOCS_PAYMENT_PAID.replace('Order #1234', 'Kilig VIP — ₱499.00 (Mahal kita)'));
    await expect(live().verifyWebhook(body, headersWith(`t=${DOCS_T},te=,li=${sign(body)}`), AT_DOCS_T)).resolves.toMatchObject({ amountCentavos: 10000 });
  });

  it('allows 5 minutes either way and refuses stale or future timestamps', async () => {
    const header = headersWith(`t=${DOCS_T},te=,li=${OPENSSL_SIGNATURE}`);
    const body = Buffer.from(DOCS_PAYMENT_PAID);
    await expect(live().verifyWebhook(body, header, new Date((DOCS_T + 300) * 1000))).resolves.toMatchObject({ type: 'payment.paid' });
    await expect(live().verifyWebhook(body, header, new Date((DOCS_T - 300) * 1000))).resolves.toMatchObject({ type: 'payment.paid' });
    await expect(live().verifyWebhook(body, header, new Date((DOCS_T + 301) * 1000))).rejects.toThrow('outside the tolerance');
    await expect(live().verifyWebhook(body, header, new Date((DOCS_T - 301) * 1000))).rejects.toThrow('outside the tolerance');
    await expect(live().verifyWebhook(body, header)).rejects.toThrow('outside the tolerance'); // now: years after 2017
  });

  it('refuses a missing or malformed header, and the docs sample header (placeholder digests)', async () => {
    const body = Buffer.from(DOCS_PAYMENT_PAID);
    const reject = (headers: Headers) => expect(live().verifyWebhook(body, headers, AT_DOCS_T)).rejects.toBeInstanceOf(WebhookSignatureError);
    await reject(new Headers());
    await reject(headersWith(OPENSSL_SIGNATURE));
    await reject(headersWith(`te=,li=${OPENSSL_SIGNATURE}`));
    await reject(headersWith(`t=soon,te=,li=${OPENSSL_SIGNATURE}`));
    await reject(headersWith(`t=${DOCS_T},li=${OPENSSL_SIGNATURE},li=${OPENSSL_SIGNATURE}`));
    await reject(headersWith(`t=${DOCS_T},te=,li=${OPENSSL_SIGNATURE.slice(0, 63)}`));
    const docsSample = 't=1496734173,te=1447a89e7ecebeda32sffs62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd,li=3f7bs59d200aae63f272406069a9788598b792a944a07aba816edb039989a39';
    expect(parsePaymongoSignature(docsSample)).toEqual({
      t: 1496734173,
      te: '1447a89e7ecebeda32sffs62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
      li: '3f7bs59d200aae63f272406069a9788598b792a944a07aba816edb039989a39',
    });
    await reject(headersWith(docsSample));
    // The header name is matched case-insensitively, as HTTP says.
    await expect(live().verifyWebhook(body, new Headers({ 'PAYMONGO-SIGNATURE': `t=${DOCS_T},te=,li=${OPENSSL_SIGNATURE}` }), AT_DOCS_T)).resolves.toMatchObject({ type: 'payment.paid' });
  });

  it('refuses a signed body that is not a PayMongo event', async () => {
    for (const raw of ['not json', '[]', '{"data":{"id":"evt_1","attributes":{}}}']) {
      await expect(live().verifyWebhook(Buffer.from(raw), headersWith(`t=${DOCS_T},te=,li=${sign(raw)}`), AT_DOCS_T), raw).rejects.toBeInstanceOf(WebhookSignatureError);
    }
  });
});

describe('verifyWebhook: event mapping', () => {
  async function verifyLive(payload: unknown) {
    const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return live().verifyWebhook(Buffer.from(raw), headersWith(`t=${DOCS_T},te=,li=${sign(raw)}`), AT_DOCS_T);
  }
  const envelope = (type: string, data: unknown) => ({
    data: { id: 'evt_YMqJAS2eZ1V1p5wzzqXP4uEC', type: 'event', attributes: { type, livemode: true, data, previous_data: {}, created_at: 1674197593, updated_at: 1674197593 } },
  });

  it("checkout_session.payment.paid on the docs' session → paid, our requestId from reference_number, the paid payment's amount", async () => {
    const event = await verifyLive(envelope('checkout_session.payment.paid', docsCheckoutSession()));
    expect(event).toMatchObject({
      id: 'evt_YMqJAS2eZ1V1p5wzzqXP4uEC',
      type: 'payment.paid',
      requestId: 'm2m39sj43h5lfFSA1sd',
      providerRef: 'cs_CbFCTDfxvMFNjwjVi26Uzhtj',
      amountCentavos: 180000,
      currency: 'PHP',
    });
    // The docs' line items add up to the paid amount: 550 × 100 + 125000 centavos.
    expect(550 * 100 + 125000).toBe(event.amountCentavos);
  });

  it('payment.paid carries our requestId from the metadata copied onto the payment', async () => {
    const paid = JSON.parse(DOCS_PAYMENT_PAID);
    paid.data.attributes.data.attributes.metadata = { payment_id: 'p1', request_id: 'PAYMENT_1718000000000_ab12cd', kind: 'vip' };
    expect(await verifyLive(paid)).toMatchObject({ type: 'payment.paid', requestId: 'PAYMENT_1718000000000_ab12cd', amountCentavos: 10000, currency: 'PHP' });
  });

  it("the docs' payment.failed is one failed attempt on a checkout that stays payable: kept as 'other', never our failed", async () => {
    const failed = JSON.parse(DOCS_PAYMENT_FAILED);
    failed.data.attributes.data.attributes.metadata = { payment_id: 'p1', request_id: 'PAYMENT_1718000000000_ab12cd', kind: 'vip' };
    expect(await verifyLive(failed)).toEqual({ id: 'evt_xxxxxxxxxxxxxxxxxxxxxxxx', type: 'other', payload: failed });
    expect(await verifyLive(DOCS_PAYMENT_FAILED)).toMatchObject({ id: 'evt_xxxxxxxxxxxxxxxxxxxxxxxx', type: 'other' });
  });

  it('any other documented event is "other", with its id kept for de-duplication', async () => {
    const succeeded = DOCS_PAYMENT_PAID.replace('"payment.paid"', '"payment_intent.succeeded"');
    expect(await verifyLive(succeeded)).toEqual({ id: 'evt_xxxxxxxxxxxxxxxxxxxxxxxx', type: 'other', payload: JSON.parse(succeeded) });
    expect(await verifyLive(envelope('checkout_session.payment.expired', unpaidSession('expired')))).toMatchObject({ type: 'other' });
  });
});

describe('fetchStatus', () => {
  it('GETs /v1/checkout_sessions/{id} with the secret key, and a paid session is paid', async () => {
    const { gateway, fetch } = gatewayWith(() => jsonResponse({ data: docsCheckoutSession() }));
    expect(await gateway.fetchStatus('cs_CbFCTDfxvMFNjwjVi26Uzhtj')).toBe('paid');
    const { url, init, headers } = sentRequest(fetch);
    expect(url).toBe('https://api.paymongo.com/v1/checkout_sessions/cs_CbFCTDfxvMFNjwjVi26Uzhtj');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.get('authorization')).toBe('Basic c2tfdGVzdF94eHh4eHh4eHh4eHg6');
  });

  it('maps an unpaid active session to pending, an expired one to expired, and a succeeded intent to paid', async () => {
    expect(await gatewayWith(() => jsonResponse({ data: unpaidSession('active') })).gateway.fetchStatus('cs_CbFCTDfxvMFNjwjVi26Uzhtj')).toBe('pending');
    expect(await gatewayWith(() => jsonResponse({ data: unpaidSession('expired') })).gateway.fetchStatus('cs_CbFCTDfxvMFNjwjVi26Uzhtj')).toBe('expired');
    const failedAttempt = docsCheckoutSession({
      payments: [{ id: 'pay_1', type: 'payment', attributes: { amount: 180000, currency: 'PHP', status: 'failed' } }],
      payment_intent: { id: 'pi_1', type: 'payment_intent', attributes: { status: 'awaiting_payment_method' } },
    });
    expect(await gatewayWith(() => jsonResponse({ data: failedAttempt })).gateway.fetchStatus('cs_CbFCTDfxvMFNjwjVi26Uzhtj')).toBe('pending');
    const intentOnly = docsCheckoutSession({ payments: [] });
    expect(await gatewayWith(() => jsonResponse({ data: intentOnly })).gateway.fetchStatus('cs_CbFCTDfxvMFNjwjVi26Uzhtj')).toBe('paid');
  });

  it('throws on an error answer, on another session, and on an id that is not a checkout session (without calling)', async () => {
    await expect(
      gatewayWith(() => jsonResponse({ errors: [{ code: 'resource_not_found', detail: 'No such checkout_session.' }] }, 404)).gateway.fetchStatus('cs_CbFCTDfxvMFNjwjVi26Uzhtj'),
    ).rejects.toMatchObject({ status: 404, code: 'resource_not_found' });
    await expect(gatewayWith(() => jsonResponse({ data: docsCheckoutSession() })).gateway.fetchStatus('cs_other')).rejects.toThrow('another checkout session');
    const { gateway, fetch } = gatewayWith(() => jsonResponse({ data: docsCheckoutSession() }));
    await expect(gateway.fetchStatus('../webhooks')).rejects.toThrow('Not a PayMongo checkout session id');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('takes another API base (e.g. a recording proxy) and strips its trailing slash', async () => {
    const fetch = vi.fn(async () => jsonResponse({ data: docsCheckoutSession() }));
    const gateway = createPayMongoGateway({ secretKey: 'sk_test_x1', webhookSecret: WEBHOOK_SECRET, fetch: fetch as unknown as typeof globalThis.fetch, apiBase: 'http://127.0.0.1:9/v1/' });
    await gateway.fetchStatus('cs_CbFCTDfxvMFNjwjVi26Uzhtj');
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('http://127.0.0.1:9/v1/checkout_sessions/cs_CbFCTDfxvMFNjwjVi26Uzhtj');
  });
});

/** developers.paymongo.com/v1/reference/refund-resource (verbatim). */
const DOCS_REFUND = {
  id: 'ref_vPSqdAPD2pmtKj6Ac5SRfXjs',
  type: 'refund',
  attributes: {
    amount: 10000,
    currency: 'PHP',
    livemode: true,
    notes: 'Double payment created',
    payment_id: 'pay_qOShdAuD3p8tKa6Ac4SRfbjs',
    payout_id: null,
    reason: 'requested_by_customer',
    status: 'succeeded',
    created_at: 1612746914,
    updated_at: 1612746914,
  },
};

describe('refund', () => {
  const refundRequest = { paymentId: 'p1', providerRef: 'cs_CbFCTDfxvMFNjwjVi26Uzhtj', amountCentavos: 180000, currency: 'PHP' as const, reason: 'Already had access to this video.' };

  it("reads the session's paid payment, then POSTs /v1/refunds for it (amount in centavos, a documented reason, notes) and answers the refund id", async () => {
    const answers = [jsonResponse({ data: docsCheckoutSession() }), jsonResponse({ data: DOCS_REFUND })];
    const { gateway, fetch } = gatewayWith(() => answers.shift()!);
    expect(await gateway.refund(refundRequest)).toEqual({ refundRef: 'ref_vPSqdAPD2pmtKj6Ac5SRfXjs' });
    expect(fetch).toHaveBeenCalledTimes(2);
    const [getUrl, getInit] = fetch.mock.calls[0];
    expect(String(getUrl)).toBe('https://api.paymongo.com/v1/checkout_sessions/cs_CbFCTDfxvMFNjwjVi26Uzhtj');
    expect(getInit!.method).toBe('GET');
    const [postUrl, postInit] = fetch.mock.calls[1];
    expect(String(postUrl)).toBe('https://api.paymongo.com/v1/refunds');
    expect(postInit!.method).toBe('POST');
    expect(new Headers(postInit!.headers).get('authorization')).toBe('Basic c2tfdGVzdF94eHh4eHh4eHh4eHg6');
    expect(JSON.parse(String(postInit!.body))).toEqual({
      data: { attributes: { amount: 180000, payment_id: 'pay_gPSJ6SB24SVEa5hH8LrXBtd4', reason: 'others', notes: 'Already had access to this video.' } },
    });
  });

  it('refuses a session with no paid payment, or one of another amount, without POSTing a refund', async () => {
    const unpaid = gatewayWith(() => jsonResponse({ data: unpaidSession('expired') }));
    await expect(unpaid.gateway.refund(refundRequest)).rejects.toThrow('no paid payment');
    expect(unpaid.fetch).toHaveBeenCalledTimes(1);
    const other = gatewayWith(() => jsonResponse({ data: docsCheckoutSession() }));
    await expect(other.gateway.refund({ ...refundRequest, amountCentavos: 49900 })).rejects.toThrow('not 49900');
    expect(other.fetch).toHaveBeenCalledTimes(1);
  });

  it("a second refund is PayMongo's error (the amount is more than what is left), never a second refund", async () => {
    const answers = [
      jsonResponse({ data: docsCheckoutSession() }),
      jsonResponse({ errors: [{ code: 'parameter_above_maximum', detail: 'The amount cannot be more than the remaining amount of the payment.' }] }, 400),
    ];
    const { gateway } = gatewayWith(() => answers.shift()!);
    await expect(gateway.refund(refundRequest)).rejects.toMatchObject({ status: 400, code: 'parameter_above_maximum' });
  });
});

describe('cancelCheckout', () => {
  it('POSTs /v1/checkout_sessions/{id}/expire, and never calls for an id that is not a checkout session', async () => {
    const { gateway, fetch } = gatewayWith(() => jsonResponse({ data: unpaidSession('expired') }));
    await gateway.cancelCheckout('cs_CbFCTDfxvMFNjwjVi26Uzhtj');
    const { url, init } = sentRequest(fetch);
    expect(url).toBe('https://api.paymongo.com/v1/checkout_sessions/cs_CbFCTDfxvMFNjwjVi26Uzhtj/expire');
    expect(init.method).toBe('POST');
    const bad = gatewayWith(() => jsonResponse({}));
    await expect(bad.gateway.cancelCheckout('../refunds')).rejects.toThrow('Not a PayMongo checkout session id');
    expect(bad.fetch).not.toHaveBeenCalled();
  });
});
