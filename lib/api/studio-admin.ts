import { api } from './client';
import type { CoinPlanCreateBody, CoinPlanUpdateBody, PremiumPriceCreateBody, PremiumPriceUpdateBody, VipPlanCreateBody, VipPlanUpdateBody, StudioVipPlan, StudioCoinPlan, StudioPremiumPrice, PremiumCandidate, StudioUserRow, AuditEntry, Paged, UserFilters, AuditFilters } from '@/lib/contracts/studio-admin';
import type { Envelope } from '@/lib/contracts/envelope';

const data = <T>(p: Promise<{ data: Envelope<T> }>) => p.then((r) => r.data.data);
const clean = (q: Record<string, string | number | undefined>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

export const fetchVipPlans = () => data(api.get<Envelope<StudioVipPlan[]>>('/api/admin/vip-plans'));
export const createVipPlan = (body: VipPlanCreateBody) => data(api.post<Envelope<StudioVipPlan>>('/api/admin/vip-plans', body));
export const updateVipPlan = (id: string, body: VipPlanUpdateBody) => data(api.patch<Envelope<StudioVipPlan>>(`/api/admin/vip-plans/${id}`, body));
export const deleteVipPlan = (id: string) => data(api.delete<Envelope<null>>(`/api/admin/vip-plans/${id}`));
export const orderVipPlans = (ids: string[]) => data(api.put<Envelope<StudioVipPlan[]>>('/api/admin/vip-plans/order', { ids }));

export const fetchCoinPlans = () => data(api.get<Envelope<StudioCoinPlan[]>>('/api/admin/coin-plans'));
export const createCoinPlan = (body: CoinPlanCreateBody) => data(api.post<Envelope<StudioCoinPlan>>('/api/admin/coin-plans', body));
export const updateCoinPlan = (id: string, body: CoinPlanUpdateBody) => data(api.patch<Envelope<StudioCoinPlan>>(`/api/admin/coin-plans/${id}`, body));
export const deleteCoinPlan = (id: string) => data(api.delete<Envelope<null>>(`/api/admin/coin-plans/${id}`));
export const orderCoinPlans = (ids: string[]) => data(api.put<Envelope<StudioCoinPlan[]>>('/api/admin/coin-plans/order', { ids }));

export async function fetchPremiumPrices(q: { q?: string; page?: number; limit?: number } = {}): Promise<Paged<StudioPremiumPrice>> {
  return (await api.get<Paged<StudioPremiumPrice>>('/api/admin/premium-prices', { params: clean(q) })).data;
}
export const fetchPremiumCandidates = (q: string) => data(api.get<Envelope<PremiumCandidate[]>>('/api/admin/premium-prices/candidates', { params: clean({ q }) }));
export const createPremiumPrice = (body: PremiumPriceCreateBody) => data(api.post<Envelope<StudioPremiumPrice>>('/api/admin/premium-prices', body));
export const updatePremiumPrice = (id: string, body: PremiumPriceUpdateBody) => data(api.patch<Envelope<StudioPremiumPrice>>(`/api/admin/premium-prices/${id}`, body));
export const deletePremiumPrice = (id: string) => data(api.delete<Envelope<null>>(`/api/admin/premium-prices/${id}`));
export async function fetchUsers(q: UserFilters = {}): Promise<Paged<StudioUserRow>> {
  return (await api.get<Paged<StudioUserRow>>('/api/admin/users', { params: clean(q) })).data;
}
export const setUserRole = (id: string, role: 'viewer' | 'editor') => data(api.patch<Envelope<StudioUserRow>>(`/api/admin/users/${id}`, { role }));
export const setUserBlocked = (id: string, isBlocked: boolean) => data(api.patch<Envelope<StudioUserRow>>(`/api/admin/users/${id}`, { isBlocked }));
export async function fetchAudit(q: AuditFilters = {}): Promise<Paged<AuditEntry> & { entities: string[] }> {
  return (await api.get<Paged<AuditEntry> & { entities: string[] }>('/api/admin/audit', { params: clean(q) })).data;
}
