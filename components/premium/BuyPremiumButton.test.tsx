import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { initialAuthState, loggedIn, type AuthUser } from '@/store/auth/slice';
import { BuyPremiumButton } from './BuyPremiumButton';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
// The backend and the browser's navigation are the edges; the store, the button, the dialog and its steps are real.
vi.mock('@/lib/api/premium', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/premium')>()),
  fetchPremiumInfo: vi.fn(),
  generatePremiumPaymentLink: vi.fn(),
  generatePremiumQrPaymentLink: vi.fn(),
}));
vi.mock('@/components/checkout/navigate', () => ({ goToPaymentPage: vi.fn() }));

const api = await import('@/lib/api/premium');
const { goToPaymentPage } = await import('@/components/checkout/navigate');

const VIDEO = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const USER: AuthUser = { _id: '0123456789abcdef01234567', uid: 'fb-1', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false };
const PREMIUM_VIDEO = { _id: 'p1', videoId: VIDEO, title: 'Ang Huling Sayaw', movieSeries: { _id: 's1', name: 'Ang Huling Sayaw', slug: 'ang-huling-sayaw' }, episodeNumber: 1, price: 49, priceCentavos: 4900, currency: 'PHP' as const };
const info = (hasAccess: boolean, via: 'purchase' | 'vip' | null = null) => {
  const details = via ? { via, purchasedAt: null, paymentId: null } : null;
  return { status: true, data: { premiumVideo: PREMIUM_VIDEO, hasAccess, userAccess: details, accessDetails: details } };
};
const loggedInState = { auth: { ...initialAuthState, status: 'loggedIn' as const, user: USER } };

beforeEach(() => localStorage.clear());
afterEach(() => vi.clearAllMocks());

describe('BuyPremiumButton', () => {
  it("shows 'Buy for ₱49.00'; the dialog is labelled, walks type → method → form, saves the pending payment with returnTo and goes to the gateway", async () => {
    vi.mocked(api.fetchPremiumInfo).mockResolvedValue(info(false));
    vi.mocked(api.generatePremiumPaymentLink).mockResolvedValue({
      status: true,
      paymentUrl: 'http://localhost/pay/cs_1',
      transactionId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      pendingPaymentData: { requestId: 'PREMIUM_1767225600000_k3v9q2x7m1p4a8zd', videoId: VIDEO, transactionId: 'bbbbbbbbbbbbbbbbbbbbbbbb', mchOrderId: 'bbbbbbbbbbbbbbbbbbbbbbbb', userId: USER._id } as never,
    });
    window.history.replaceState(null, '', '/movie/Ang-Huling-Sayaw-s1');
    const user = userEvent.setup();
    renderWithProviders(<BuyPremiumButton videoId={VIDEO} priceCentavos={4900} />, { preloadedState: loggedInState });
    await waitFor(() => expect(api.fetchPremiumInfo).toHaveBeenCalledWith(VIDEO));
    await user.click(screen.getByRole('button', { name: 'Buy for ₱49.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy this video' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Ang Huling Sayaw · ₱49.00');
    await user.click(within(dialog).getByRole('button', { name: 'Continue for ₱49.00' }));
    await user.click(within(dialog).getByRole('button', { name: /Digital Wallets/ }));
    await user.click(within(dialog).getByRole('button', { name: 'GCash' }));
    expect((within(dialog).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('maria@example.ph');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Santos');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('http://localhost/pay/cs_1'));
    expect(api.generatePremiumPaymentLink).toHaveBeenCalledWith(expect.objectContaining({ videoId: VIDEO, paymentMethod: 'gc', userId: USER._id, userInfo: expect.objectContaining({ fname: 'Maria', lname: 'ClaraSantos' }) }));
    expect(JSON.parse(localStorage.getItem('pendingPaymentData')!)).toMatchObject({ videoId: VIDEO, requestId: 'PREMIUM_1767225600000_k3v9q2x7m1p4a8zd', returnTo: '/movie/Ang-Huling-Sayaw-s1' });
    expect(localStorage.getItem('paymentUrl')).toBe('http://localhost/pay/cs_1');
  });

  it('speaks Filipino on Filipino pages: the button and the dialog', async () => {
    vi.mocked(api.fetchPremiumInfo).mockResolvedValue(info(false));
    const user = userEvent.setup();
    renderWithProviders(<BuyPremiumButton videoId={VIDEO} priceCentavos={4900} />, { preloadedState: loggedInState, locale: 'fil' });
    await waitFor(() => expect(api.fetchPremiumInfo).toHaveBeenCalledWith(VIDEO));
    await user.click(screen.getByRole('button', { name: 'Bilhin sa halagang ₱49.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Bilhin ang video na ito' });
    expect(within(dialog).getByText('Isang bayad lang')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Magpatuloy sa halagang ₱49.00' })).toBeTruthy();
  });

  it('Escape closes the dialog and forgets the local payment URL; a failure shows the spec message', async () => {
    vi.mocked(api.fetchPremiumInfo).mockResolvedValue(info(false));
    vi.mocked(api.generatePremiumQrPaymentLink).mockRejectedValue(Object.assign(new Error('x'), { isAxiosError: true, response: { status: 500, data: {} } }));
    const user = userEvent.setup();
    renderWithProviders(<BuyPremiumButton videoId={VIDEO} priceCentavos={4900} label="Buy this movie" />, { preloadedState: loggedInState });
    await user.click(screen.getByRole('button', { name: 'Buy this movie' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy this video' });
    await user.click(within(dialog).getByRole('button', { name: /Continue for/ }));
    await user.click(within(dialog).getByRole('button', { name: /Digital Wallets/ }));
    await user.click(within(dialog).getByRole('button', { name: 'GCash' }));
    await user.click(within(dialog).getByRole('button', { name: /QR code/ }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Failed to generate QR payment link'));
    localStorage.setItem('paymentUrl', 'http://localhost/pay/old');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('paymentUrl')).toBeNull();
  });

  it('asks a guest to log in (no info call), then carries on to the dialog once logged in', async () => {
    vi.mocked(api.fetchPremiumInfo).mockResolvedValue(info(false));
    const user = userEvent.setup();
    const { store } = renderWithProviders(<BuyPremiumButton videoId={VIDEO} priceCentavos={4900} />, { preloadedState: { auth: { ...initialAuthState, status: 'anonymous' } } });
    await user.click(screen.getByRole('button', { name: 'Buy for ₱49.00' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(api.fetchPremiumInfo).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    store.dispatch(loggedIn(USER));
    expect(await screen.findByRole('dialog', { name: 'Buy this video' })).toBeTruthy();
  });

  it('a click while the stored session is being restored waits for it: no login dialog for a viewer who turns out signed in', async () => {
    vi.mocked(api.fetchPremiumInfo).mockResolvedValue(info(false));
    const user = userEvent.setup();
    const { store } = renderWithProviders(<BuyPremiumButton videoId={VIDEO} priceCentavos={4900} />, { preloadedState: { auth: { ...initialAuthState, sessionStatus: 'pending' } } });
    await user.click(screen.getByRole('button', { name: 'Buy for ₱49.00' }));
    expect(store.getState().ui.loginDialogOpen).toBe(false);
    store.dispatch(loggedIn(USER));
    expect(await screen.findByRole('dialog', { name: 'Buy this video' })).toBeTruthy();
    expect(store.getState().ui.loginDialogOpen).toBe(false);
  });

  it("shows nothing to a viewer who can already watch it (VIP), and 'Purchased' to one who bought it", async () => {
    vi.mocked(api.fetchPremiumInfo).mockResolvedValueOnce(info(true, 'vip'));
    const vip = renderWithProviders(<BuyPremiumButton videoId={VIDEO} priceCentavos={4900} />, { preloadedState: loggedInState });
    await waitFor(() => expect(vip.store.getState().premiumVideo!.access[VIDEO]).toBe(true));
    expect(vip.container.innerHTML).toBe('');
    vip.unmount();
    vi.mocked(api.fetchPremiumInfo).mockResolvedValueOnce(info(true, 'purchase'));
    renderWithProviders(<BuyPremiumButton videoId={VIDEO} priceCentavos={4900} />, { preloadedState: loggedInState });
    expect((await screen.findByTestId('premium-purchased')).textContent).toContain('Purchased');
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
  });
});
