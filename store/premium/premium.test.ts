// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/store/store';
import { initialAuthState, loggedOut } from '@/store/auth/slice';
import { selectIsAnyLoading } from '@/store/loading';
import { AUTH_ERROR, premiumPaymentErrorCleared } from '@/store/premium/slice';
import { checkPremiumAccess, fetchMyPremiumPurchases, fetchPremiumInfo, generatePremiumPaymentLink, verifyPremiumPayment } from '@/store/premium/thunks';
import { selectPremiumAccess, selectPremiumLoading } from '@/store/premium/selectors';

vi.mock('@/lib/api/premium', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/premium')>()),
  fetchPremiumInfo: vi.fn(),
  checkPremiumAccess: vi.fn(),
  fetchMyPremiumPurchases: vi.fn(),
  generatePremiumPaymentLink: vi.fn(),
  generatePremiumQrPaymentLink: vi.fn(),
  premiumPaymentSuccess: vi.fn(),
}));
const api = await import('@/lib/api/premium');

const VIDEO = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const USER = { _id: '0123456789abcdef01234567', uid: 'u1', name: 'Juan', email: 'juan@example.ph', image: null, isAnonymous: false, isVip: false };
const INFO = { fname: 'Juan', lname: 'Cruz', email: 'juan@example.ph', phone: '', mobile: '', dob: '' };
const loggedInStore = () => makeStore({ auth: { ...initialAuthState, status: 'loggedIn', user: USER } });
const httpError = (status: number, message?: string) =>
  Object.assign(new Error('Request failed'), { isAxiosError: true, response: { status, data: message ? { message } : {} } });
const PREMIUM_VIDEO = { _id: 'p1', videoId: VIDEO, title: 'Ang Huling Sayaw', movieSeries: { _id: 's1', name: 'Ang Huling Sayaw', slug: 'ang-huling-sayaw' }, episodeNumber: 1, price: 49, priceCentavos: 4900, currency: 'PHP' as const };
const PENDING = {
  kind: 'premium_video' as const,
  videoId: VIDEO,
  movieSeriesId: 's1',
  title: 'Ang Huling Sayaw',
  mchOrderId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  requestId: 'PREMIUM_1767225600000_k3v9q2x7m1p4a8zd',
  userId: USER._id,
  transactionId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  paymentId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  amount: 49,
  amountCentavos: 4900,
  currency: 'PHP' as const,
  paymentMethod: 'gc',
  paymentType: 'wallet' as const,
  billingMode: 'one_time',
  gateway: 'sandbox',
  paymentLink: 'http://localhost/pay/cs_1',
  expiresAt: null,
  timestamp: 1767225600000,
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.clearAllMocks());

describe('premium video slice', () => {
  it('info: stores the price and access per video, and counts in the overall loading flag meanwhile', async () => {
    let resolve: (v: unknown) => void = () => undefined;
    vi.mocked(api.fetchPremiumInfo).mockReturnValueOnce(new Promise((r) => (resolve = r)) as never);
    const store = loggedInStore();
    const call = store.dispatch(fetchPremiumInfo(VIDEO));
    expect(selectPremiumLoading(store.getState())).toBe(true);
    expect(selectIsAnyLoading(store.getState())).toBe(true);
    resolve({ status: true, data: { premiumVideo: PREMIUM_VIDEO, hasAccess: false, userAccess: null, accessDetails: null } });
    await call;
    expect(selectPremiumLoading(store.getState())).toBe(false);
    expect(selectIsAnyLoading(store.getState())).toBe(false);
    expect(store.getState().premiumVideo!.info[VIDEO].premiumVideo.priceCentavos).toBe(4900);
    expect(selectPremiumAccess(store.getState(), VIDEO)).toBe(false);
    expect(selectPremiumAccess(store.getState(), 'unknown')).toBeNull();
  });

  it("check-access: sets access; failure 'Failed to check access'", async () => {
    const store = loggedInStore();
    vi.mocked(api.checkPremiumAccess).mockResolvedValueOnce({ status: true, data: { videoId: VIDEO, hasAccess: true, accessDetails: null } });
    await store.dispatch(checkPremiumAccess(VIDEO));
    expect(api.checkPremiumAccess).toHaveBeenCalledWith({ userId: USER._id, videoId: VIDEO });
    expect(selectPremiumAccess(store.getState(), VIDEO)).toBe(true);
    vi.mocked(api.checkPremiumAccess).mockRejectedValueOnce(httpError(500, 'boom'));
    await store.dispatch(checkPremiumAccess(VIDEO));
    expect(store.getState().premiumVideo!.accessError).toBe('Failed to check access');
  });

  it("my purchases: data and pagination; failure 'Failed to get purchases'", async () => {
    const store = loggedInStore();
    const purchase = { _id: 'x1', videoId: VIDEO, title: 'Ang Huling Sayaw', episodeNumber: 1, movieSeries: PREMIUM_VIDEO.movieSeries, price: 49, priceCentavos: 4900, currency: 'PHP' as const, paymentId: 'p', requestId: 'r', paymentMethod: 'gc', purchasedAt: '2026-01-01T00:00:00.000Z' };
    const pagination = { currentPage: 1, pageSize: 10, totalItems: 1, totalPages: 1 };
    vi.mocked(api.fetchMyPremiumPurchases).mockResolvedValueOnce({ status: true, data: [purchase], pagination });
    await store.dispatch(fetchMyPremiumPurchases());
    expect(api.fetchMyPremiumPurchases).toHaveBeenCalledWith({ page: 1, size: 10 });
    expect(store.getState().premiumVideo).toMatchObject({ purchasesRequest: { status: 'succeeded' }, purchases: [purchase], purchasesPagination: pagination });
    expect(selectPremiumAccess(store.getState(), VIDEO)).toBe(true);
    vi.mocked(api.fetchMyPremiumPurchases).mockRejectedValueOnce(httpError(500));
    await store.dispatch(fetchMyPremiumPurchases({ page: 2 }));
    expect(store.getState().premiumVideo).toMatchObject({ purchasesRequest: { status: 'failed', error: 'Failed to get purchases' } });
  });

  it('payment link: saves the pending payment (videoId, mchOrderId, requestId, userId, transactionId, returnTo) before the redirect', async () => {
    const store = loggedInStore();
    vi.mocked(api.generatePremiumPaymentLink).mockResolvedValueOnce({ status: true, paymentUrl: PENDING.paymentLink, pendingPaymentData: PENDING, transactionId: PENDING.transactionId });
    const result = await store.dispatch(generatePremiumPaymentLink({ videoId: VIDEO, paymentMethod: 'gc', userInfo: INFO, returnTo: '/movie/Ang-Huling-Sayaw-s1' }));
    expect(api.generatePremiumPaymentLink).toHaveBeenCalledWith({ videoId: VIDEO, userId: USER._id, paymentMethod: 'gc', userInfo: INFO, billingMode: 'one_time' });
    expect(result.payload).toMatchObject({ paymentUrl: PENDING.paymentLink, pendingPayment: { videoId: VIDEO, requestId: PENDING.requestId, sessionId: PENDING.requestId, transactionId: PENDING.transactionId, mchOrderId: PENDING.mchOrderId, userId: USER._id, billingMode: 'one_time', returnTo: '/movie/Ang-Huling-Sayaw-s1' } });
    const stored = JSON.parse(window.localStorage.getItem('pendingPaymentData') ?? 'null');
    expect(stored).toMatchObject({ videoId: VIDEO, requestId: PENDING.requestId, transactionId: PENDING.transactionId, kind: 'premium', timestamp: expect.any(Number) });
    expect(store.getState().premiumVideo).toMatchObject({ paymentStatus: 'succeeded', paymentUrl: PENDING.paymentLink });
  });

  it("payment link failures: 'Failed to generate payment link'; QR: 'Failed to generate QR payment link', and 401/403 → AUTH_ERROR; 409 → already theirs", async () => {
    const store = loggedInStore();
    vi.mocked(api.generatePremiumPaymentLink).mockResolvedValueOnce({ status: true, pendingPaymentData: PENDING });
    await store.dispatch(generatePremiumPaymentLink({ videoId: VIDEO, paymentMethod: 'gc', userInfo: INFO }));
    expect(store.getState().premiumVideo!.paymentError).toEqual({ message: 'Failed to generate payment link' });
    store.dispatch(premiumPaymentErrorCleared());
    expect(store.getState().premiumVideo).toMatchObject({ paymentStatus: 'idle', paymentError: null });

    vi.mocked(api.generatePremiumQrPaymentLink).mockRejectedValueOnce(httpError(500));
    await store.dispatch(generatePremiumPaymentLink({ videoId: VIDEO, paymentMethod: 'gc', userInfo: INFO, qr: true }));
    expect(store.getState().premiumVideo!.paymentError).toEqual({ message: 'Failed to generate QR payment link' });
    for (const status of [401, 403]) {
      vi.mocked(api.generatePremiumQrPaymentLink).mockRejectedValueOnce(httpError(status, 'Please login first'));
      await store.dispatch(generatePremiumPaymentLink({ videoId: VIDEO, paymentMethod: 'gc', userInfo: INFO, qr: true }));
      expect(store.getState().premiumVideo!.paymentError).toEqual({ message: 'Authentication failed. Please log in again.', code: AUTH_ERROR });
    }
    // The card (non-QR) call answered 403 is the generic failure.
    vi.mocked(api.generatePremiumPaymentLink).mockRejectedValueOnce(httpError(403));
    await store.dispatch(generatePremiumPaymentLink({ videoId: VIDEO, paymentMethod: 'gc', userInfo: INFO }));
    expect(store.getState().premiumVideo!.paymentError).toEqual({ message: 'Failed to generate payment link' });

    vi.mocked(api.generatePremiumPaymentLink).mockRejectedValueOnce(httpError(409, 'You already have access to this video.'));
    await store.dispatch(generatePremiumPaymentLink({ videoId: VIDEO, paymentMethod: 'gc', userInfo: INFO }));
    expect(store.getState().premiumVideo!.paymentError).toMatchObject({ message: 'You already have access to this video.' });
    expect(selectPremiumAccess(store.getState(), VIDEO)).toBe(true);
    expect(window.localStorage.getItem('pendingPaymentData')).toBeNull();
  });

  it('one payment link at a time', async () => {
    const store = loggedInStore();
    vi.mocked(api.generatePremiumPaymentLink).mockResolvedValue({ status: true, paymentUrl: PENDING.paymentLink, pendingPaymentData: PENDING });
    const first = store.dispatch(generatePremiumPaymentLink({ videoId: VIDEO, paymentMethod: 'gc', userInfo: INFO }));
    void store.dispatch(generatePremiumPaymentLink({ videoId: VIDEO, paymentMethod: 'gc', userInfo: INFO }));
    await first;
    expect(api.generatePremiumPaymentLink).toHaveBeenCalledTimes(1);
    expect(store.getState().premiumVideo).toMatchObject({ inFlight: 0 });
  });

  it("payment success sets access for that video to true (spec §4); failure 'Payment verification failed'", async () => {
    const store = loggedInStore();
    vi.mocked(api.premiumPaymentSuccess).mockRejectedValueOnce(httpError(409, 'Payment verification failed'));
    await store.dispatch(verifyPremiumPayment({ videoId: VIDEO, requestId: PENDING.requestId }));
    expect(store.getState().premiumVideo).toMatchObject({ verify: { status: 'failed', error: 'Payment verification failed' } });
    expect(selectPremiumAccess(store.getState(), VIDEO)).toBeNull();

    const answer = { videoId: VIDEO, requestId: PENDING.requestId, transactionId: PENDING.transactionId, hasAccess: true as const, accessDetails: null, alreadyConfirmed: false, paidAt: null, amount: 49, amountCentavos: 4900 };
    vi.mocked(api.premiumPaymentSuccess).mockResolvedValueOnce({ status: true, data: answer });
    await store.dispatch(verifyPremiumPayment({ videoId: VIDEO, requestId: PENDING.requestId }));
    expect(api.premiumPaymentSuccess).toHaveBeenLastCalledWith({ userId: USER._id, videoId: VIDEO, requestId: PENDING.requestId });
    expect(store.getState().premiumVideo).toMatchObject({ verify: { status: 'succeeded', error: null } });
    expect(selectPremiumAccess(store.getState(), VIDEO)).toBe(true);
  });

  it('logging out forgets access and purchases but keeps the public prices', async () => {
    const store = loggedInStore();
    vi.mocked(api.fetchPremiumInfo).mockResolvedValueOnce({ status: true, data: { premiumVideo: PREMIUM_VIDEO, hasAccess: true, userAccess: { via: 'vip', purchasedAt: null, paymentId: null }, accessDetails: null } });
    await store.dispatch(fetchPremiumInfo(VIDEO));
    expect(selectPremiumAccess(store.getState(), VIDEO)).toBe(true);
    store.dispatch(loggedOut());
    expect(selectPremiumAccess(store.getState(), VIDEO)).toBeNull();
    expect(store.getState().premiumVideo!.info[VIDEO]).toMatchObject({ hasAccess: false, userAccess: null, premiumVideo: { priceCentavos: 4900 } });
  });
});
