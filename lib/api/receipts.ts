import { api } from './client';

/**
 * The signed-in user's purchases and their receipts (issue 10 item 8): one receipt per paid payment, newest first.
 * The server takes the user from the token.
 */

export type Receipt = {
  _id: string;
  /** Our reference for the payment (its session identifier, e.g. PAYMENT_…), quoted to support. */
  reference: string;
  kind: 'vip' | 'coins' | 'premium_video';
  /** What was bought, as the checkout showed it (e.g. 'VIP Monthly (30 days)'). */
  item: string;
  /** One of the 23 method codes of spec §9, and what buyers call it. */
  paymentMethod: string | null;
  paymentMethodName: string | null;
  /** Pesos, and the same in integer centavos. */
  amount: number;
  amountCentavos: number;
  currency: string;
  paidAt: string;
  /** VIP receipts: the end of the access this payment bought (null for lifetime; absent for other kinds). */
  vipValidUntil?: string | null;
  vipLifetime?: boolean;
  /** The gateway adapter that took the payment (e.g. 'sandbox'). */
  gateway: string;
};

export type Pagination = { currentPage: number; pageSize: number; totalItems: number; totalPages: number };

export const RECEIPTS_PAGE_SIZE = 10;

type Envelope = { status: boolean; message?: string };

export async function fetchReceipts({ page = 1, size = RECEIPTS_PAGE_SIZE }: { page?: number; size?: number } = {}) {
  const res = await api.get<Envelope & { data: Receipt[]; pagination: Pagination }>('api/client/payments/receipts', { params: { page, size } });
  return res.data;
}
