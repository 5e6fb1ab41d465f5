import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation, renderWithProviders } from '@/tests/fixtures/render';
import type { PaymentCheck } from '@/lib/contracts/subscription';
import type { ApiUser } from '@/lib/contracts/auth';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { PaymentReturn } from './PaymentReturn';
import { POLL_MAX_ERRORS } from './flow';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
// The backend is the edge; the store, the polling and the page are real.
vi.mock('@/lib/api/subscription', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/subscription')>()),
  checkPayment: vi.fn(),
  processPayment: vi.fn(),
  subscribeUser: vi.fn(),
}));
vi.mock('@/lib/api/coins', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/coins')>()),
  recordCoinPlanHistory: vi.fn(),
}));
vi.mock('@/lib/api/premium', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/premium')>()),
  premiumPaymentSuccess: vi.fn(),
}));
vi.mock('@/lib/api/auth', () => ({ fetchProfile: vi.fn(), authenticateOrRegister: vi.fn(), retrieveContentPages: vi.fn() }));

const api = await import('@/lib/api/subscription');
const coinsApi = await import('@/lib/api/coins');
const premiumApi = await import('@/lib/api/premium');
const auth = await import('@/lib/api/auth');

const REQUEST_ID = 'PAYMENT_1767225600000_k3v9q2x7m1p4a8zd';
const USER: AuthUser = { _id: '0123456789abcdef01234567', uid: 'fb-1', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false };
const API_USER: ApiUser = { ...USER, loginType: 5, isVip: true, vipExpiresAt: '2026-12-24T00:00:00.000Z', vipLifetime: false, coins: 0, createdAt: '2025-01-01T00:00:00.000Z' };
const check = (status: PaymentCheck['status'], extra: Partial<PaymentCheck> = {}) => ({
  status: true,
  data: { requestId: REQUEST_ID, status, isPaid: status === 'paid', applied: false, failureReason: null, ...extra },
});
const loggedInState = { auth: { ...initialAuthState, status: 'loggedIn' as const, sessionStatus: 'succeeded' as const, user: USER } };

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
  vi.mocked(auth.fetchProfile).mockResolvedValue({ status: true, message: 'ok', user: API_USER });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('the payment return page', () => {
  it("checks, then shows 'Subscribed' with the crown, toasts, confirms with subscribe and refreshes the user", async () => {
    localStorage.setItem('pendingPaymentData', JSON.stringify({ requestId: REQUEST_ID }));
    localStorage.setItem('paymentUrl', 'http://127.0.0.1/pay/chk');
    vi.mocked(api.processPayment).mockResolvedValue(check('pending'));
    vi.mocked(api.checkPayment).mockResolvedValue(check('paid', { user: { _id: USER._id, isVip: true, vipExpiresAt: '2026-12-24T00:00:00.000Z' } }));
    vi.mocked(api.subscribeUser).mockResolvedValue({ status: true, message: 'ok' });
    const { store } = renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });

    expect(screen.getByRole('heading', { name: 'Checking your payment…' })).toBeTruthy();
    await waitFor(() => expect(api.processPayment).toHaveBeenCalledWith({ linkId: REQUEST_ID, userId: USER._id }));
    expect(api.checkPayment).not.toHaveBeenCalled();
    await act(async () => void vi.advanceTimersByTime(1000));

    expect(await screen.findByRole('heading', { name: 'Subscribed' })).toBeTruthy();
    expect(screen.getByText('VIP until December 24, 2026')).toBeTruthy();
    expect(api.checkPayment).toHaveBeenCalledWith({ requestId: REQUEST_ID, userId: USER._id }, expect.any(AbortSignal));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Successfully subscribed! You now have access to all videos.'));
    expect(api.subscribeUser).toHaveBeenCalledWith({ userId: USER._id, requestId: REQUEST_ID });
    expect(auth.fetchProfile).toHaveBeenCalledWith(USER._id);
    expect(store.getState().auth.user?.isVip).toBe(true);
    expect(localStorage.getItem('pendingPaymentData')).toBeNull();
    expect(localStorage.getItem('paymentUrl')).toBeNull();
  });

  it('a payment already confirmed (a reload) shows Subscribed without confirming or toasting again', async () => {
    vi.mocked(api.processPayment).mockResolvedValue(check('paid', { applied: true }));
    renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Subscribed' })).toBeTruthy();
    await waitFor(() => expect(auth.fetchProfile).toHaveBeenCalled());
    expect(api.subscribeUser).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("a declined payment shows the failure and 'Try again' reopens the subscription dialog's page", async () => {
    vi.mocked(api.processPayment).mockResolvedValue(check('failed', { failureReason: 'Card declined' }));
    const { store } = renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByText('Card declined')).toBeTruthy();
    expect(api.subscribeUser).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(store.getState().auth.user?.isVip).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(navigation.router.push).toHaveBeenCalledWith('/subscription');
  });

  it('an expired payment says so', async () => {
    vi.mocked(api.processPayment).mockResolvedValue(check('expired'));
    renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Payment expired' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a payment that bought nothing (already had it) says it is being refunded, then refunded; nothing is confirmed', async () => {
    const reason = 'Already had access to this video when this payment was paid: refunded automatically.';
    vi.mocked(api.processPayment).mockResolvedValue(check('paid', { kind: 'premium_video', refund: { status: 'pending', reason, refundedAt: null } }));
    const { unmount } = renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Your payment is being refunded' })).toBeTruthy();
    expect(screen.getByText(new RegExp(reason.slice(0, 30)))).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Purchase complete' })).toBeNull();
    expect(premiumApi.premiumPaymentSuccess).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    unmount();
    vi.mocked(api.processPayment).mockResolvedValue(check('refunded', { kind: 'premium_video', refund: { status: 'succeeded', reason, refundedAt: '2026-11-26T00:00:00.000Z' } }));
    renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Payment refunded' })).toBeTruthy();
  });

  it('a paid payment waiting for a person says so instead of Subscribed; a cancelled checkout says cancelled', async () => {
    vi.mocked(api.processPayment).mockResolvedValue(check('paid', { kind: 'coins', flagged: true }));
    const { unmount } = renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Payment received, being checked' })).toBeTruthy();
    expect(coinsApi.recordCoinPlanHistory).not.toHaveBeenCalled();
    unmount();
    vi.mocked(api.processPayment).mockResolvedValue(check('cancelled', { kind: 'coins', failureReason: 'Cancelled: the account was deleted.' }));
    renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeTruthy();
  });

  it('backs off between checks, and stops with a way to check again after repeated errors', async () => {
    const at: number[] = [];
    vi.mocked(api.processPayment).mockImplementation(async () => {
      at.push(Date.now());
      return check('pending');
    });
    vi.mocked(api.checkPayment).mockImplementation(async () => {
      at.push(Date.now());
      throw Object.assign(new Error('Network Error'), { isAxiosError: true });
    });
    renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });
    await waitFor(() => expect(at).toHaveLength(1));
    for (let waited = 0; waited < 6000; waited += 50) await act(() => vi.advanceTimersByTimeAsync(50));
    expect(api.processPayment).toHaveBeenCalledTimes(1);
    expect(api.checkPayment).toHaveBeenCalledTimes(POLL_MAX_ERRORS);
    const gaps = at.slice(1).map((t, i) => t - at[i]);
    // 1 s, then ×1.5 each time (the clock also moves with real time, so allow a little slack).
    [1000, 1500, 2250].forEach((want, i) => expect(gaps[i]).toBeGreaterThanOrEqual(want));
    [1000, 1500, 2250].forEach((want, i) => expect(gaps[i]).toBeLessThan(want + 150));
    expect(await screen.findByRole('heading', { name: 'We could not check your payment' })).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred.')).toBeTruthy();

    vi.mocked(api.processPayment).mockResolvedValue(check('paid', { applied: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Subscribed' })).toBeTruthy();
  });

  it('asks a guest to log in first and checks nothing meanwhile', async () => {
    const { store } = renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, {
      preloadedState: { auth: { ...initialAuthState, status: 'anonymous', sessionStatus: 'succeeded' } },
    });
    expect(await screen.findByRole('heading', { name: 'Log in to see your payment' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(api.processPayment).not.toHaveBeenCalled();
    expect(api.checkPayment).not.toHaveBeenCalled();
  });

  it('without a request id in the URL, checks the payment this browser left for', async () => {
    localStorage.setItem('pendingPaymentData', JSON.stringify({ requestId: REQUEST_ID }));
    vi.mocked(api.processPayment).mockResolvedValue(check('failed'));
    renderWithProviders(<PaymentReturn requestId={null} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(api.processPayment).toHaveBeenCalledWith({ linkId: REQUEST_ID, userId: USER._id });
  });

  it("after a locked episode's Subscribe Now, 'Start watching' goes back to that episode", async () => {
    localStorage.setItem('pendingPaymentData', JSON.stringify({ requestId: REQUEST_ID, returnTo: '/episodes/episode-4-lihim-0123456789abcdef01234567' }));
    vi.mocked(api.processPayment).mockResolvedValue(check('paid', { applied: true, kind: 'vip' }));
    renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Subscribed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start watching' }).getAttribute('href')).toBe('/episodes/episode-4-lihim-0123456789abcdef01234567');
  });

  it('never offers a stored path off the site', async () => {
    const requestId = 'PAYMENT_1767225600000_offsite0000000000';
    localStorage.setItem('pendingPaymentData', JSON.stringify({ requestId, returnTo: '//evil.example/x' }));
    vi.mocked(api.processPayment).mockResolvedValue({ status: true, data: { ...check('paid').data, requestId, applied: true, kind: 'vip' } });
    renderWithProviders(<PaymentReturn requestId={requestId} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Subscribed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start watching' }).getAttribute('href')).toBe('/movie-genres/All-movies');
  });

  it("a paid top-up records the coin plan purchase, toasts 'Woohoo! Coins have been added!' and shows the balance", async () => {
    localStorage.setItem('pendingPaymentData', JSON.stringify({ requestId: REQUEST_ID, returnTo: '/episodes/episode-4-lihim-0123456789abcdef01234567' }));
    vi.mocked(api.processPayment).mockResolvedValue(check('paid', { kind: 'coins', coinPlanId: 'c0ffee0123456789abcdef01', user: { _id: USER._id, isVip: false, coins: 330 } }));
    vi.mocked(coinsApi.recordCoinPlanHistory).mockResolvedValue({ status: true, message: 'ok', data: { coins: 330 } } as never);
    renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Coins added' })).toBeTruthy();
    expect(screen.getByTestId('payment-coin-balance').textContent).toBe('Balance: 330 coins');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Woohoo! Coins have been added!'));
    expect(coinsApi.recordCoinPlanHistory).toHaveBeenCalledWith({ userId: USER._id, coinPlanId: 'c0ffee0123456789abcdef01', requestId: REQUEST_ID });
    expect(api.subscribeUser).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to where you were' }).getAttribute('href')).toBe('/episodes/episode-4-lihim-0123456789abcdef01234567');
    expect(screen.getByRole('link', { name: 'Go to your wallet' }).getAttribute('href')).toBe('/wallet');
  });

  it('a failed top-up says no coins were added, and Try again goes back where it started', async () => {
    localStorage.setItem('pendingPaymentData', JSON.stringify({ requestId: REQUEST_ID, returnTo: '/wallet' }));
    vi.mocked(api.processPayment).mockResolvedValue(check('failed', { kind: 'coins', coinPlanId: 'c0ffee0123456789abcdef01' }));
    renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByText(/no coins were added/)).toBeTruthy();
    expect(coinsApi.recordCoinPlanHistory).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(navigation.router.push).toHaveBeenCalledWith('/wallet');
  });

  it("a paid premium video confirms with payment-success, sets access in the store and offers 'Watch now'", async () => {
    const videoId = 'fedcba9876543210fedcba98';
    const watchHref = `/episodes/episode-1-hiwaga-0123456789abcdef01234567`;
    vi.mocked(api.processPayment).mockResolvedValue(check('paid', { kind: 'premium_video', videoId, watchHref }));
    vi.mocked(premiumApi.premiumPaymentSuccess).mockResolvedValue({ status: true, message: 'ok', data: { hasAccess: true, videoId } } as never);
    const { store } = renderWithProviders(<PaymentReturn requestId={REQUEST_ID} />, { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: 'Purchase complete' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Watch now' }).getAttribute('href')).toBe(watchHref);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Purchase complete! The video is yours to watch.'));
    expect(premiumApi.premiumPaymentSuccess).toHaveBeenCalledWith({ userId: USER._id, videoId, requestId: REQUEST_ID });
    expect(store.getState().premiumVideo!.access[videoId]).toBe(true);
    expect(api.subscribeUser).not.toHaveBeenCalled();
  });
});
