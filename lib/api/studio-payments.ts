import { api } from './client';
import type { StudioPayment, StudioPaymentDetail, JobsHealth, Paged, PaymentFilters } from '@/lib/contracts/studio-payments';
import type { Envelope } from '@/lib/contracts/envelope';

const clean = (q: Record<string, string | number | undefined>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));
export async function fetchPayments(q: PaymentFilters = {}): Promise<Paged<StudioPayment>> {
  return (await api.get<Paged<StudioPayment>>('/api/admin/payments', { params: clean(q) })).data;
}
export const fetchPayment = async (id: string) => (await api.get<Envelope<StudioPaymentDetail>>(`/api/admin/payments/${id}`)).data.data;
export const refundPayment = async (id: string, note: string) => (await api.post<Envelope<StudioPaymentDetail>>(`/api/admin/payments/${id}/refund`, { note })).data.data;
export const resolvePayment = async (id: string, note: string) => (await api.post<Envelope<StudioPaymentDetail>>(`/api/admin/payments/${id}/resolve`, { note })).data.data;
export const fetchJobsHealth = async (limit?: number) => (await api.get<Envelope<JobsHealth>>('/api/admin/jobs', { params: clean({ limit }) })).data.data;
export const retryJob = async (id: string) => (await api.post<Envelope<JobsHealth>>(`/api/admin/jobs/${id}/retry`, {})).data.data;
