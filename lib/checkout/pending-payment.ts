import type { PendingPaymentData } from '@/lib/contracts/subscription';
import { BILLING_MODE_DEFAULT } from '@/lib/constants';
import { readJson, readRaw, remove, STORAGE_KEYS, write } from '@/lib/storage';
import { safeReturnPath } from '@/lib/routes';

/**
 * What the purchase keeps in local storage while the buyer is on the gateway's page (spec §3 'Pending payment data',
 * §4 'Subscription purchase'): the payment URL, the pending payment with its billing mode and timestamp, and the
 * session id. All are written before the redirect, so the return page can find the attempt again.
 */

/** What a pending payment buys: one checkout, three products. */
export type PendingPaymentKind = 'vip' | 'coins' | 'premium';

/**
 * Any purchase's pending data: the request id the return page checks and what it buys. The server's own answer may
 * carry its own name for the kind ('premium_video'); the caller's `kind`, written after it, is the one stored.
 */
export type PendingPurchase = Partial<PendingPaymentData> & { requestId: string; kind: PendingPaymentKind; billingMode?: string; [key: string]: unknown };

export type StoredPendingPayment = PendingPurchase & {
  billingMode: string;
  timestamp: number;
  sessionId: string;
  /** A site path to offer after paying, e.g. the locked episode the purchase started from. */
  returnTo?: string;
};

/** Only a path on this site (lib/routes.ts safeReturnPath, against the page's origin), so a stored value cannot send the buyer elsewhere. */
const returnPathOf = (path: unknown): string | null => safeReturnPath(path, typeof window === 'undefined' ? undefined : window.location.origin);

export function savePendingPayment(
  pending: PendingPurchase,
  sessionId: string,
  paymentUrl: string,
  { now = Date.now(), returnTo }: { now?: number; returnTo?: string } = {},
): StoredPendingPayment {
  const safeReturnTo = returnPathOf(returnTo);
  const record: StoredPendingPayment = {
    ...pending,
    billingMode: pending.billingMode ?? BILLING_MODE_DEFAULT,
    timestamp: now,
    sessionId,
    ...(safeReturnTo ? { returnTo: safeReturnTo } : {}),
  };
  write(STORAGE_KEYS.pendingPayment, record);
  write(STORAGE_KEYS.paymentSessionId, sessionId);
  write(STORAGE_KEYS.paymentUrl, paymentUrl);
  return record;
}

export function readPendingPayment(): StoredPendingPayment | null {
  const record = readJson<StoredPendingPayment>(STORAGE_KEYS.pendingPayment);
  return record && typeof record === 'object' && typeof record.requestId === 'string' ? record : null;
}

export const readPaymentSessionId = () => readRaw(STORAGE_KEYS.paymentSessionId);

/** Spec §4: the local payment URL entry is removed when the dialog closes. */
export function forgetPaymentUrl(): void {
  remove(STORAGE_KEYS.paymentUrl);
}

/** The attempt is settled (paid, failed or expired): nothing of it stays behind. */
export function clearPendingPayment(): void {
  remove(STORAGE_KEYS.pendingPayment, STORAGE_KEYS.paymentSessionId, STORAGE_KEYS.paymentUrl);
}

/** The site path a purchase started from, remembered past `clearPendingPayment` for the page that settles it. */
const returnTos = new Map<string, string>();
export function returnToOf(requestId: string): string | null {
  const pending = readPendingPayment();
  const path = pending?.requestId === requestId ? returnPathOf(pending.returnTo) : null;
  if (path) returnTos.set(requestId, path);
  return returnTos.get(requestId) ?? null;
}
