import 'server-only';

/**
 * The one interface every payment gateway adapter implements (docs/architecture.md 'Money'): the embedded `sandbox`
 * adapter and real Philippine gateways. `{gateway}` in the spec's subscription paths is an adapter's `name`.
 * Amounts are integer centavos; currency is ISO 4217 ('PHP').
 */

export type PaymentKindName = 'vip' | 'coins' | 'premium_video';

/** What an adapter needs to open a hosted checkout for one `payments` row. */
export type CheckoutRequest = {
  /** Our payment row id and its session identifier (spec §3: PAYMENT_…, PREMIUM_…, QR_…). */
  paymentId: string;
  requestId: string;
  kind: PaymentKindName;
  amountCentavos: number;
  currency: 'PHP';
  /** What the buyer sees on the gateway's page, e.g. 'VIP Monthly (30 days)'. */
  description: string;
  /** One of the 23 method codes of spec §9 (14 card, 9 wallet). */
  paymentMethod: string;
  /** The payment-info form (spec §3): fname, lname, email and optional phone, mobile, dob. */
  buyer: { firstName: string; lastName: string; email: string; phone?: string | null };
  /** Where the gateway sends the browser after the outcome (our return page). */
  returnUrl: string;
  /** A QR code checkout instead of a redirect (generate-qr-payment-link). */
  qr?: boolean;
};

export type CheckoutSession = {
  /** The hosted checkout page the browser is sent to. */
  checkoutUrl: string;
  /** The gateway's id for this checkout (stored as payments.provider_ref). */
  providerRef: string;
  /** For QR checkouts: the string the QR code encodes. */
  qrData?: string;
  /** When the gateway stops accepting this checkout. */
  expiresAt?: Date;
};

/** A webhook whose signature checked out, reduced to what fulfilment needs. */
export type VerifiedEvent = {
  /** The gateway's event id: stored unique before processing, so a replay does nothing. */
  id: string;
  type: 'payment.paid' | 'payment.failed' | 'other';
  /** Our session identifier, when the gateway echoes it back (metadata / reference number). */
  requestId?: string;
  /** The gateway's checkout / payment id. */
  providerRef?: string;
  amountCentavos?: number;
  currency?: string;
  /** The parsed body, stored with the event for audit. */
  payload: unknown;
};

export type GatewayStatus = 'pending' | 'paid' | 'failed' | 'expired';

/** A refund of a whole payment (we never refund part of one). */
export type RefundRequest = {
  paymentId: string;
  /** The gateway's checkout id (payments.provider_ref). */
  providerRef: string;
  amountCentavos: number;
  currency: 'PHP';
  /** Why, in a sentence kept with the refund at the gateway. */
  reason: string;
};

export interface PaymentGateway {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Checks the signature on the raw bytes before parsing anything (constant-time compare, timestamp tolerance as the
   * gateway documents it) and returns the event; throws WebhookSignatureError when it does not check out.
   */
  verifyWebhook(rawBody: Buffer, headers: Headers, now?: Date): Promise<VerifiedEvent>;
  /** Asks the gateway where a checkout stands (reconciliation of payments whose webhook never came). */
  fetchStatus(providerRef: string): Promise<GatewayStatus>;
  /**
   * Gives a paid checkout's money back; answers the gateway's refund id. Must be safe to call again for the same
   * payment (a job may run twice): a second call answers the first refund or fails, it never refunds twice.
   */
  refund(request: RefundRequest): Promise<{ refundRef: string }>;
  /**
   * Tells the gateway to stop accepting an open checkout (we cancelled or expired its payment). Best effort: a payment
   * that still arrives is settled as a late payment (refunded or flagged).
   */
  cancelCheckout(providerRef: string): Promise<void>;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}
