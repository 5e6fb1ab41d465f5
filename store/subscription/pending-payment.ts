import type { PendingPaymentData } from '@/lib/api/subscription';
import { BILLING_MODE_DEFAULT } from '@/lib/constants';
import { readJson, readRaw, remove, STORAGE_KEYS, write } from '@/lib/storage';

/**
 * What the purchase keeps in local storage while the buyer is on the gateway's page (spec §3 'Pending payment data',
 * §4 'Subscription purchase'): the payment URL, the pending payment with its billing mode and timestamp, and the
 * session id. All are written before the redirect, so the return page can find the attempt again.
 */

export type StoredPendingPayment = PendingPaymentData & { billingMode: string; timestamp: number; sessionId: string };

export function savePendingPayment(pending: PendingPaymentData, sessionId: string, paymentUrl: string, now = Date.now()): StoredPendingPayment {
  const record: StoredPendingPayment = { ...pending, billingMode: pending.billingMode ?? BILLING_MODE_DEFAULT, timestamp: now, sessionId };
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
