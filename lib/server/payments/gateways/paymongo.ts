import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type GatewayStatus,
  type PaymentGateway,
  type RefundRequest,
  type VerifiedEvent,
} from '@/lib/server/payments/gateway';

/**
 * PayMongo (https://www.paymongo.com), a Philippine hosted checkout, behind the one gateway interface. Never the
 * default: the registry decides whether it is offered (docs/payments.md 'Real gateway: PayMongo').
 *
 * Written from PayMongo's public documentation:
 * - Checkout Sessions (hosted checkout): https://developers.paymongo.com/docs/payment-channels-hosted-checkout,
 *   https://developers.paymongo.com/docs/checkout-implementation and the resource
 *   https://developers.paymongo.com/reference/checkout-session-resource. `POST /v1/checkout_sessions`, `GET
 *   /v1/checkout_sessions/{id}`; the secret key is the HTTP Basic user name with an empty password
 *   (https://developers.paymongo.com/docs/payment-channels-hosted-checkout-quick-start). The docs recommend /v2 for new
 *   integrations (it defers the Payment Intent); this adapter uses /v1, whose request and resource the docs show in
 *   full, and whose answer is the JSON:API `data.attributes` shape the webhook events also carry.
 * - Webhook signature: https://developers.paymongo.com/docs/securing-webhook. Header `Paymongo-Signature:
 *   t=<unix seconds>,te=<test-mode signature>,li=<live-mode signature>`; the signature is the hex HMAC-SHA256 of
 *   `"<t>.<raw body>"` keyed with the webhook's secret, compared against `li` for live-mode events and `te` for test
 *   mode. The docs state no timestamp tolerance; we apply our 5 minutes (docs/architecture.md 'Money'; option
 *   `toleranceSeconds`).
 * - Events: https://docs.paymongo.com/docs/developer-tools-webhooks-events (envelope `data.id` = event id,
 *   `data.attributes.type`, `.livemode`, `.data` = the resource).
 *
 * Amounts are integer centavos on both sides (PayMongo: "All amounts are in centavos"), currency PHP.
 */

export const PAYMONGO_API_BASE = 'https://api.paymongo.com/v1';
/** docs/architecture.md 'Money': webhooks older (or newer) than this are refused. */
export const PAYMONGO_DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * Our 23 method codes (spec §9) → PayMongo `payment_method_types`, or null where PayMongo's hosted checkout has no
 * such method. The Checkout API lists cards (Visa/Mastercard), GCash (`gcash`), Maya (`paymaya`), GrabPay
 * (`grab_pay`), BillEase and direct online banking (https://developers.paymongo.com/docs/checkout-implementation).
 * The 14 card codes name the issuer or card route the buyer picked in our dialog; on PayMongo every one of them is the
 * same card form, which takes any Visa or Mastercard (foreign cards only when the merchant enabled them).
 * ShopeePay is a PayMongo e-wallet for Payment Intents, but the Checkout API pages we built from do not list it, so it
 * stays unsupported here rather than sending a guessed method type.
 */
export const PAYMONGO_PAYMENT_METHOD_TYPES: Readonly<Record<string, string | null>> = Object.freeze({
  // 14 card codes
  bdo_cc_ph: 'card',
  metrobank_cc_ph: 'card',
  ubp_ph: 'card',
  rob_ph: 'card',
  maybank_cc_ph: 'card',
  paymaya_cc_ph: 'card',
  gpap_cc_ph: 'card',
  paytabs_cc_ph: 'card',
  wdbank_de: 'card',
  sberbank_ru: 'card',
  integra_au: 'card',
  emp_bg: 'card',
  icard_bg: 'card',
  pc21_cy: 'card',
  // 9 wallet codes
  gc: 'gcash',
  paymaya_ph: 'paymaya',
  grabpay_ph: 'grab_pay',
  shopeepay_ph: null,
  coins_ph: null,
  homecredit_ph: null,
  paybiz_ph: null,
  wechat: null,
  alipay: null,
});

/** A method code PayMongo cannot take (or not one of our 23): the caller answers 4xx before any payment row exists. */
export class UnsupportedPaymentMethodError extends Error {
  constructor(
    readonly method: string,
    readonly gateway: string,
  ) {
    super(
      Object.hasOwn(PAYMONGO_PAYMENT_METHOD_TYPES, method)
        ? `Payment method '${method}' is not available through ${gateway}`
        : `Unknown payment method '${method}' (not one of the 23 method codes)`,
    );
    this.name = 'UnsupportedPaymentMethodError';
  }
}

/** PayMongo answered an error (JSON:API `errors[]`), or something that is not the documented resource. */
export class PayMongoApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'PayMongoApiError';
  }
}

/** The PayMongo type for one of our method codes, or null when PayMongo's hosted checkout cannot take it. */
export function paymongoMethodType(method: string): string | null {
  return Object.hasOwn(PAYMONGO_PAYMENT_METHOD_TYPES, method) ? PAYMONGO_PAYMENT_METHOD_TYPES[method] : null;
}

export type PayMongoGatewayOptions = {
  /** `sk_test_…` or `sk_live_…`; its prefix also says which signature (`te` or `li`) webhooks are checked against. */
  secretKey: string;
  /** The signing secret PayMongo returned when the webhook endpoint was created. */
  webhookSecret: string;
  fetch?: typeof globalThis.fetch;
  apiBase?: string;
  toleranceSeconds?: number;
  /** Longest wait for PayMongo's API. */
  timeoutMs?: number;
};

type Json = Record<string, unknown>;

const SECRET_KEY = /^sk_(test|live)_\S+$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/i;
const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9]+$/;

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}
function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
function asInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}
function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** `t=…,te=…,li=…` → its parts; a repeated or malformed part, or a missing timestamp, refuses the whole header. */
export function parsePaymongoSignature(header: string): { t: number; te: string; li: string } {
  const parts = new Map<string, string>();
  for (const piece of header.split(',')) {
    const at = piece.indexOf('=');
    if (at <= 0) throw new WebhookSignatureError('Malformed Paymongo-Signature header');
    const key = piece.slice(0, at).trim();
    if (parts.has(key)) throw new WebhookSignatureError(`Paymongo-Signature repeats '${key}'`);
    parts.set(key, piece.slice(at + 1).trim());
  }
  const t = parts.get('t');
  if (!t || !/^\d{1,12}$/.test(t)) throw new WebhookSignatureError('Paymongo-Signature has no valid timestamp');
  return { t: Number(t), te: parts.get('te') ?? '', li: parts.get('li') ?? '' };
}

function eventFrom(body: Json, livemode: boolean): VerifiedEvent {
  const data = asObject(body.data);
  const id = asString(data?.id);
  const attributes = asObject(data?.attributes);
  const type = asString(attributes?.type);
  if (!data || !id || !attributes || !type) throw new WebhookSignatureError('Not a PayMongo event');
  // A test-mode event must never fulfil anything on a live key, nor a live one on a test key.
  if (attributes.livemode !== livemode) throw new WebhookSignatureError(`A ${attributes.livemode ? 'live' : 'test'}-mode event on a ${livemode ? 'live' : 'test'}-mode gateway`);

  const resource = asObject(attributes.data);
  const resourceAttributes = asObject(resource?.attributes) ?? {};
  const metadata = asObject(resourceAttributes.metadata) ?? {};
  const base = { id, payload: body };

  if (type === 'checkout_session.payment.paid') {
    // The resource is the Checkout Session: our requestId is its reference_number; the amount is the paid payment's.
    const paid = asArray(resourceAttributes.payments)
      .map((payment) => asObject(asObject(payment)?.attributes))
      .find((payment) => payment?.status === 'paid');
    const intent = asObject(asObject(resourceAttributes.payment_intent)?.attributes);
    return {
      ...base,
      type: 'payment.paid',
      requestId: asString(resourceAttributes.reference_number) ?? asString(metadata.request_id),
      providerRef: asString(resource?.id),
      amountCentavos: asInteger(paid?.amount) ?? asInteger(intent?.amount),
      currency: asString(paid?.currency) ?? asString(intent?.currency),
    };
  }
  if (type === 'payment.paid') {
    // The resource is a Payment; a Checkout Session's metadata is copied onto its payments (see the docs' resource).
    return {
      ...base,
      type: 'payment.paid',
      requestId: asString(metadata.request_id),
      providerRef: asString(resource?.id),
      amountCentavos: asInteger(resourceAttributes.amount),
      currency: asString(resourceAttributes.currency),
    };
  }
  // `payment.failed` is one failed attempt, not the end of the checkout: the Payment Intent goes back to
  // `awaiting_payment_method` (the events page lists payment_intent.awaiting_payment_method: "needs a (new) payment
  // method attached") and the buyer can try another card or wallet on the same hosted page. Reporting it as our
  // `payment.failed` would settle the payment as failed, and a later successful retry would then only be flagged for a
  // person (lib/server/payments/webhook.ts), with the buyer's money taken. So it is kept for audit as 'other'; an
  // abandoned checkout ends as expired (fetchStatus) instead.
  return { ...base, type: 'other' };
}

/** Where a retrieved Checkout Session stands. A paid payment wins; an unpaid session stays pending until it expires. */
export function checkoutSessionStatus(resource: Json): GatewayStatus {
  const attributes = asObject(resource.attributes) ?? {};
  const paid = asArray(attributes.payments).some((payment) => asObject(asObject(payment)?.attributes)?.status === 'paid');
  const intentStatus = asObject(asObject(attributes.payment_intent)?.attributes)?.status;
  if (paid || intentStatus === 'succeeded') return 'paid';
  if (attributes.status === 'expired') return 'expired';
  // A declined card or wallet leaves the session 'active': the buyer may try again on the same page until it expires.
  return 'pending';
}

export function createPayMongoGateway(options: PayMongoGatewayOptions): PaymentGateway {
  const mode = SECRET_KEY.exec(options.secretKey)?.[1];
  if (!mode) throw new Error('PayMongo secret key must start with sk_test_ or sk_live_');
  if (!options.webhookSecret) throw new Error('PayMongo webhook secret is empty');
  const livemode = mode === 'live';
  const apiBase = (options.apiBase ?? PAYMONGO_API_BASE).replace(/\/+$/, '');
  const toleranceSeconds = options.toleranceSeconds ?? PAYMONGO_DEFAULT_TOLERANCE_SECONDS;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const name = 'paymongo';

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> {
    const response = await fetchImpl(`${apiBase}${path}`, {
      method,
      headers: {
        Authorization: authorization,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const first = asObject(asArray(asObject(parsed)?.errors)[0]);
      const detail = asString(first?.detail) ?? (text.slice(0, 200) || response.statusText);
      throw new PayMongoApiError(`PayMongo ${method} ${path} answered ${response.status}: ${detail}`, response.status, asString(first?.code));
    }
    const data = asObject(asObject(parsed)?.data);
    if (!data) throw new PayMongoApiError(`PayMongo ${method} ${path} answered without a resource`, response.status);
    return data;
  }

  return {
    name,

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      if (!Number.isSafeInteger(request.amountCentavos) || request.amountCentavos <= 0) {
        throw new Error(`PayMongo amounts are positive integer centavos, not ${request.amountCentavos}`);
      }
      if (request.currency !== 'PHP') throw new Error(`PayMongo checkout takes PHP, not ${String(request.currency)}`);
      const methodType = paymongoMethodType(request.paymentMethod);
      if (!methodType) throw new UnsupportedPaymentMethodError(request.paymentMethod, name);

      const buyerName = `${request.buyer.firstName} ${request.buyer.lastName}`.trim();
      const body = {
        data: {
          attributes: {
            line_items: [{ name: request.description, amount: request.amountCentavos, currency: 'PHP', quantity: 1 }],
            payment_method_types: [methodType],
            success_url: request.returnUrl,
            cancel_url: request.returnUrl,
            reference_number: request.requestId,
            description: request.description,
            billing: { name: buyerName, email: request.buyer.email, ...(request.buyer.phone ? { phone: request.buyer.phone } : {}) },
            send_email_receipt: false,
            show_description: true,
            show_line_items: true,
            metadata: { payment_id: request.paymentId, request_id: request.requestId, kind: request.kind },
          },
        },
      };
      const session = await call('POST', '/checkout_sessions', body);
      const id = asString(session.id);
      const checkoutUrl = asString(asObject(session.attributes)?.checkout_url);
      if (!id || !CHECKOUT_SESSION_ID.test(id) || !checkoutUrl?.startsWith('https://')) {
        throw new PayMongoApiError('PayMongo answered a checkout session without an id or an https checkout_url', 200);
      }
      // A QR checkout encodes the hosted page's URL (as the sandbox's does); PayMongo's page offers the method there.
      return { checkoutUrl, providerRef: id, ...(request.qr ? { qrData: checkoutUrl } : {}) };
    },

    async verifyWebhook(rawBody: Buffer, headers: Headers, now: Date = new Date()): Promise<VerifiedEvent> {
      const header = headers.get('paymongo-signature');
      if (!header) throw new WebhookSignatureError('Missing Paymongo-Signature header');
      const { t, te, li } = parsePaymongoSignature(header);
      const sent = livemode ? li : te;
      if (!HEX_SHA256.test(sent)) throw new WebhookSignatureError(`Paymongo-Signature carries no ${livemode ? 'live' : 'test'}-mode signature`);
      // The documented signature: HMAC-SHA256 of `"<t>.<raw body>"` keyed with the webhook secret, on the raw bytes.
      const expected = createHmac('sha256', options.webhookSecret).update(`${t}.`).update(rawBody).digest();
      if (!timingSafeEqual(expected, Buffer.from(sent, 'hex'))) throw new WebhookSignatureError('Paymongo-Signature does not match');
      if (Math.abs(Math.floor(now.getTime() / 1000) - t) > toleranceSeconds) {
        throw new WebhookSignatureError('Paymongo-Signature timestamp is outside the tolerance');
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookSignatureError('Signed body is not JSON');
      }
      const event = asObject(body);
      if (!event) throw new WebhookSignatureError('Not a PayMongo event');
      return eventFrom(event, livemode);
    },

    async fetchStatus(providerRef: string): Promise<GatewayStatus> {
      if (!CHECKOUT_SESSION_ID.test(providerRef)) throw new Error(`Not a PayMongo checkout session id: ${providerRef}`);
      const session = await call('GET', `/checkout_sessions/${providerRef}`);
      if (session.id !== providerRef) throw new PayMongoApiError(`PayMongo answered another checkout session than ${providerRef}`, 200);
      return checkoutSessionStatus(session);
    },

    async refund(request: RefundRequest): Promise<{ refundRef: string }> {
      if (!CHECKOUT_SESSION_ID.test(request.providerRef)) throw new Error(`Not a PayMongo checkout session id: ${request.providerRef}`);
      // A refund names the session's paid Payment (pay_…), not the session.
      const session = await call('GET', `/checkout_sessions/${request.providerRef}`);
      const paid = paidPaymentOf(session);
      if (!paid) throw new PayMongoApiError(`PayMongo checkout session ${request.providerRef} has no paid payment to refund`, 200);
      if (paid.amount !== request.amountCentavos) throw new Error(`PayMongo payment ${paid.id} is ${paid.amount} centavos, not ${request.amountCentavos}`);
      // The Refund resource: amount in centavos (≤ the payment's), the payment's id, one of PayMongo's reasons, notes ≤ 255.
      // A second refund of a fully refunded payment is refused by PayMongo (the amount exceeds what is left), so a job
      // that runs twice cannot refund twice.
      const refund = await call('POST', '/refunds', {
        data: { attributes: { amount: request.amountCentavos, payment_id: paid.id, reason: 'others', notes: request.reason.slice(0, 255) } },
      });
      const id = asString(refund.id);
      if (!id) throw new PayMongoApiError('PayMongo answered a refund without an id', 200);
      return { refundRef: id };
    },

    async cancelCheckout(providerRef: string): Promise<void> {
      if (!CHECKOUT_SESSION_ID.test(providerRef)) throw new Error(`Not a PayMongo checkout session id: ${providerRef}`);
      // 'Expire a checkout session': the hosted page stops taking payments.
      await call('POST', `/checkout_sessions/${providerRef}/expire`);
    },
  };
}

/** The paid Payment of a retrieved Checkout Session (its id and amount), or null. */
export function paidPaymentOf(resource: Json): { id: string; amount: number } | null {
  for (const payment of asArray(asObject(resource.attributes)?.payments)) {
    const p = asObject(payment);
    const attributes = asObject(p?.attributes);
    const id = asString(p?.id);
    const amount = asInteger(attributes?.amount);
    if (attributes?.status === 'paid' && id && amount !== undefined) return { id, amount };
  }
  return null;
}
