import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/store/store';
import { initialAuthState, loggedOut } from '@/store/auth/slice';
import { paymentLinkOf, pendingPaymentOf } from '@/lib/api/subscription';
import type { VipPlan } from '@/lib/contracts/subscription';
import { checkPaymentStatus, fetchPlans, generatePaymentLink, subscribeUser } from '@/store/subscription/thunks';
import { initialSubscriptionState, paymentErrorCleared } from '@/store/subscription/slice';
import { selectSubscriptionLoading } from '@/store/subscription/selectors';

vi.mock('@/lib/api/subscription', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/subscription')>()),
  fetchAvailablePlans: vi.fn(),
  generatePaymentLink: vi.fn(),
  generateQrPaymentLink: vi.fn(),
  checkPayment: vi.fn(),
  processPayment: vi.fn(),
  subscribeUser: vi.fn(),
}));
const api = await import('@/lib/api/subscription');

const USER = { _id: '0123456789abcdef01234567', uid: 'u1', name: 'Juan', email: 'juan@example.ph', image: null, isAnonymous: false, isVip: false };
const PLANS: VipPlan[] = [{ _id: 'p1', subscriptionType: 'monthly', price: 299, validity: 30 }];
const INFO = { fname: 'Juan', lname: 'Cruz', email: 'juan@example.ph', phone: '', mobile: '', dob: '' };
const loggedInStore = () => makeStore({ auth: { ...initialAuthState, status: 'loggedIn', user: USER } });
const httpError = (status: number, message?: string) =>
  Object.assign(new Error('Request failed'), { isAxiosError: true, response: { status, data: message ? { message } : {} } });

afterEach(() => vi.clearAllMocks());

describe('payment link answers', () => {
  it('finds the link wherever the gateway put it (spec §7)', () => {
    expect(paymentLinkOf({ status: true, paymentLink: 'https://a' })).toBe('https://a');
    expect(paymentLinkOf({ status: true, payment_action_info: 'https://b' })).toBe('https://b');
    expect(paymentLinkOf({ status: true, payment_action_info: { url: 'https://c' } })).toBe('https://c');
    expect(paymentLinkOf({ status: true, data: { paymentLink: 'https://d' } })).toBe('https://d');
    expect(paymentLinkOf({ status: true, data: { payment_action_info: 'https://e' } })).toBe('https://e');
    expect(paymentLinkOf({ status: true })).toBeNull();
    expect(pendingPaymentOf({ status: true, data: { pendingPaymentData: { requestId: 'PAYMENT_1_x' } } })).toEqual({ requestId: 'PAYMENT_1_x' });
    expect(pendingPaymentOf({ status: true, pendingPaymentData: {} as never })).toBeNull();
  });
});

describe('subscription slice', () => {
  it('loads the plans once at a time and counts as loading meanwhile', async () => {
    vi.mocked(api.fetchAvailablePlans).mockResolvedValue({ status: true, data: PLANS });
    const store = makeStore();
    const first = store.dispatch(fetchPlans());
    void store.dispatch(fetchPlans());
    expect(selectSubscriptionLoading(store.getState())).toBe(true);
    await first;
    expect(api.fetchAvailablePlans).toHaveBeenCalledTimes(1);
    expect(store.getState().subscription).toMatchObject({ plans: PLANS, plansRequest: { status: 'succeeded', error: null } });
  });

  it("fails with 'Failed to generate payment link' when the answer has no link, and the error can be cleared", async () => {
    vi.mocked(api.generatePaymentLink).mockResolvedValue({ status: true, pendingPaymentData: { requestId: 'PAYMENT_1_x' } });
    const store = loggedInStore();
    await store.dispatch(generatePaymentLink({ vipPlanId: 'p1', paymentMethod: 'gc', userInfo: INFO }));
    expect(store.getState().subscription).toMatchObject({ payment: { status: 'failed', error: 'Failed to generate payment link' }, paymentUrl: null });
    store.dispatch(paymentErrorCleared());
    expect(store.getState().subscription).toMatchObject({ payment: { status: 'idle', error: null } });
  });

  it("keeps the server's request id as the session id, and makes one when a gateway's id is not one", async () => {
    const store = loggedInStore();
    const requestId = 'PAYMENT_1767225600000_k3v9q2x7m1p4a8zd';
    vi.mocked(api.generatePaymentLink).mockResolvedValueOnce({ status: true, paymentLink: 'https://pay/1', pendingPaymentData: { requestId } });
    const a = await store.dispatch(generatePaymentLink({ vipPlanId: 'p1', paymentMethod: 'gc', userInfo: INFO }));
    expect(a.payload).toMatchObject({ paymentUrl: 'https://pay/1', pendingPayment: { requestId, sessionId: requestId, billingMode: 'one_time' } });
    vi.mocked(api.generatePaymentLink).mockResolvedValueOnce({ status: true, paymentLink: 'https://pay/2', pendingPaymentData: { requestId: 'cs_abc' } });
    const b = await store.dispatch(generatePaymentLink({ vipPlanId: 'p1', paymentMethod: 'gc', userInfo: INFO }));
    expect(b.payload).toMatchObject({ pendingPayment: { requestId: 'cs_abc', sessionId: expect.stringMatching(/^PAYMENT_\d{13}_[0-9a-z]{16}$/) } });
    expect(store.getState().subscription).toMatchObject({ payment: { status: 'succeeded' }, paymentUrl: 'https://pay/2' });
  });

  it('sends the user id, or anonymous when unknown (spec §5), with billing mode one_time', async () => {
    vi.mocked(api.generatePaymentLink).mockRejectedValue(httpError(401, 'Please login first'));
    const store = makeStore();
    await store.dispatch(generatePaymentLink({ vipPlanId: 'p1', paymentMethod: 'gc', userInfo: INFO }));
    expect(api.generatePaymentLink).toHaveBeenCalledWith({ vipPlanId: 'p1', userId: 'anonymous', paymentMethod: 'gc', userInfo: INFO, billingMode: 'one_time' });
    expect(store.getState().subscription!.payment.error).toBe('Failed to generate payment link');
  });

  it("the QR variant: 'Authentication failed. Please log in again.' on 401/403, else its own failure text", async () => {
    const store = loggedInStore();
    vi.mocked(api.generateQrPaymentLink).mockRejectedValueOnce(httpError(403));
    await store.dispatch(generatePaymentLink({ vipPlanId: 'p1', paymentMethod: 'gc', userInfo: INFO, qr: true }));
    expect(store.getState().subscription!.payment.error).toBe('Authentication failed. Please log in again.');
    vi.mocked(api.generateQrPaymentLink).mockRejectedValueOnce(httpError(500));
    await store.dispatch(generatePaymentLink({ vipPlanId: 'p1', paymentMethod: 'gc', userInfo: INFO, qr: true }));
    expect(store.getState().subscription!.payment.error).toBe('Failed to generate QR payment link');
  });

  it('checks through process-payment first, check-payment after', async () => {
    const data = { requestId: 'PAYMENT_1_x', status: 'pending' as const };
    vi.mocked(api.processPayment).mockResolvedValue({ status: true, data });
    vi.mocked(api.checkPayment).mockResolvedValue({ status: true, data: { ...data, status: 'paid' } });
    const store = loggedInStore();
    await store.dispatch(checkPaymentStatus({ requestId: 'PAYMENT_1_x', confirm: true }));
    expect(api.processPayment).toHaveBeenCalledWith({ linkId: 'PAYMENT_1_x', userId: USER._id });
    expect(store.getState().subscription!.check?.status).toBe('pending');
    await store.dispatch(checkPaymentStatus({ requestId: 'PAYMENT_1_x' }));
    expect(api.checkPayment).toHaveBeenCalledWith({ requestId: 'PAYMENT_1_x', userId: USER._id }, undefined);
    expect(store.getState().subscription!.check?.status).toBe('paid');
  });

  it("subscribe failure: the server's message, else 'Subscription failed. Please try again.'", async () => {
    const store = loggedInStore();
    vi.mocked(api.subscribeUser).mockRejectedValueOnce(httpError(409, 'No paid subscription payment to apply. Please complete the payment first.'));
    const a = await store.dispatch(subscribeUser({ requestId: 'PAYMENT_1_x' }));
    expect(a.payload).toBe('No paid subscription payment to apply. Please complete the payment first.');
    vi.mocked(api.subscribeUser).mockRejectedValueOnce(httpError(500));
    const b = await store.dispatch(subscribeUser({}));
    expect(b.payload).toBe('Subscription failed. Please try again.');
    expect(api.subscribeUser).toHaveBeenLastCalledWith({ userId: USER._id });
  });

  it('forgets the last user’s payment state on logout, keeping the plans', async () => {
    vi.mocked(api.fetchAvailablePlans).mockResolvedValue({ status: true, data: PLANS });
    vi.mocked(api.processPayment).mockResolvedValue({ status: true, data: { requestId: 'r', status: 'paid' } });
    const store = loggedInStore();
    await store.dispatch(fetchPlans());
    await store.dispatch(checkPaymentStatus({ requestId: 'r', confirm: true }));
    store.dispatch(loggedOut());
    expect(store.getState().subscription).toEqual({ ...initialSubscriptionState, plans: PLANS, plansRequest: { status: 'succeeded', error: null } });
  });
});
