import 'server-only';
import type { RateLimit } from '@/lib/server/rate-limit';

/** Rate limits shared by every checkout (VIP plans, coin plans, premium videos) and the gateways' webhooks. */

/** Opening checkouts writes a payment row and calls the gateway: a person needs a handful a minute. */
export const CHECKOUT_LIMIT: RateLimit = { name: 'payment-checkout', limit: 10, windowMs: 60_000 };
/** The return page polls check-payment every couple of seconds. */
export const PAYMENT_STATUS_LIMIT: RateLimit = { name: 'payment-status', limit: 120, windowMs: 60_000 };
/** Gateways retry a failed delivery; a burst of a few hundred a minute is normal for one merchant. */
export const WEBHOOK_LIMIT: RateLimit = { name: 'payment-webhook', limit: 600, windowMs: 60_000 };
