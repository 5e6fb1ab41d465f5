import { api } from './client';
import type { Receipt, Pagination } from '@/lib/contracts/receipts';
import type { Answer } from '@/lib/contracts/envelope';

export const RECEIPTS_PAGE_SIZE = 10;

export async function fetchReceipts({ page = 1, size = RECEIPTS_PAGE_SIZE }: { page?: number; size?: number } = {}) {
  const res = await api.get<Answer & { data: Receipt[]; pagination: Pagination }>('api/client/payments/receipts', { params: { page, size } });
  return res.data;
}

/** One receipt of the signed-in user's own payment; another user's (or an unknown id) answers 404. */
export async function fetchReceipt(paymentId: string) {
  const res = await api.get<Answer & { data: Receipt }>(`api/client/payments/receipts/${encodeURIComponent(paymentId)}`);
  return res.data;
}
