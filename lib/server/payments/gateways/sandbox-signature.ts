import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { WebhookSignatureError } from '../gateway';

/**
 * The sandbox gateway's webhook format (docs/payments.md 'Webhooks'), in the style of Stripe's and PayMongo's:
 *
 *   Kilig-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with PAYMENT_WEBHOOK_SECRET>
 *   {"id":"evt_…","type":"payment.paid"|"payment.failed","data":{"requestId":"…","amount":<centavos>,"currency":"PHP"}}
 *
 * Pure functions (no database), shared by the sender (the delivery job) and the receiver (the webhook route).
 */

export const SANDBOX_SIGNATURE_HEADER = 'kilig-signature';
/** A signature older or newer than this is refused: a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, t: number, rawBody: Buffer): Buffer {
  // The bytes as received, never a re-serialisation: `${t}.` then the raw body.
  return createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
}

/** The header value for `rawBody` signed at `t` (unix seconds). */
export function signSandboxPayload(secret: string, rawBody: Buffer | string, t: number): string {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return `t=${t},v1=${hmac(secret, t, body).toString('hex')}`;
}

/**
 * Checks the header against the raw bytes: a well-formed header, a timestamp within the tolerance of `now`, and one
 * `v1` that equals the HMAC (compared in constant time). Several `v1` entries are allowed, so that a secret can be
 * rotated while both are in use. Throws WebhookSignatureError naming what failed (for the log; the caller answers 401).
 */
export function verifySandboxSignature(secret: string, rawBody: Buffer, header: string | null, now: Date = new Date()): void {
  if (!header || header.length > 1024) throw new WebhookSignatureError('missing signature header');
  let t: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 1) throw new WebhookSignatureError('malformed signature header');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || t !== null) throw new WebhookSignatureError('malformed signature timestamp');
      t = Number(value);
    } else if (key === 'v1') {
      if (/^[0-9a-f]{64}$/i.test(value)) candidates.push(value.toLowerCase());
    }
  }
  if (t === null) throw new WebhookSignatureError('signature header has no timestamp');
  if (candidates.length === 0) throw new WebhookSignatureError('signature header has no v1 signature');
  const age = Math.abs(Math.floor(now.getTime() / 1000) - t);
  if (age > SIGNATURE_TOLERANCE_SECONDS) throw new WebhookSignatureError(`signature timestamp outside the tolerance (${age} s)`);
  const expected = hmac(secret, t, rawBody);
  // Every candidate is compared (no early exit), each in constant time over equal lengths.
  let match = false;
  for (const candidate of candidates) match = timingSafeEqual(Buffer.from(candidate, 'hex'), expected) || match;
  if (!match) throw new WebhookSignatureError('signature does not match');
}

export const sandboxEventSchema = z.object({
  id: z.string().regex(/^evt_[A-Za-z0-9_]{1,100}$/),
  type: z.enum(['payment.paid', 'payment.failed']),
  data: z.object({
    requestId: z.string().min(1).max(100),
    amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    currency: z.string().regex(/^[A-Z]{3}$/),
  }),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;
