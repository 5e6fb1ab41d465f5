import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { initialUiState } from '@/store/ui/slice';
import { sessionIdentifier } from '@/lib/ids';
import type { CoinPlan } from '@/lib/contracts/coins';
import { GlobalDialogs } from '@/components/dialogs/GlobalDialogs';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/coins', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/coins')>()),
  fetchCoinPlans: vi.fn(),
  processCoinPayment: vi.fn(),
}));
vi.mock('@/components/checkout/navigate', () => ({ goToPaymentPage: vi.fn() }));

const api = await import('@/lib/api/coins');
const { goToPaymentPage } = await import('@/components/checkout/navigate');

const PLANS: CoinPlan[] = [
  { _id: 'cp-100', coins: 100, bonusCoins: 0, totalCoins: 100, price: 49, priceCentavos: 4900, currency: 'PHP', centavosPerCoin: 49 },
  { _id: 'cp-500', coins: 500, bonusCoins: 50, totalCoins: 550, price: 229, priceCentavos: 22900, currency: 'PHP', centavosPerCoin: 41.64 },
];
const USER: AuthUser = { _id: '0123456789abcdef01234567', uid: 'fb-1', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false, coins: 40 };
const TITLE = 'Top up coins';
const apiError = (status: number) => Object.assign(new Error('Request failed'), { isAxiosError: true, response: { status, data: { status: false, message: 'nope' } } });

function renderDialog({ guest = false } = {}) {
  const auth = guest ? { ...initialAuthState, status: 'anonymous' as const } : { ...initialAuthState, status: 'loggedIn' as const, user: USER };
  return renderWithProviders(<GlobalDialogs />, { pathname: '/wallet', preloadedState: { auth, ui: { ...initialUiState, topUpDialogOpen: true } } });
}

async function toForm() {
  const user = userEvent.setup();
  const view = renderDialog();
  const dialog = await screen.findByRole('dialog', { name: TITLE });
  const [, second] = await within(dialog).findAllByTestId('coin-plan');
  await user.click(within(second).getByRole('button', { name: 'Buy for ₱229.00' }));
  await user.click(screen.getByRole('button', { name: /Digital Wallets/ }));
  await user.click(screen.getByRole('button', { name: 'GCash' }));
  await screen.findByRole('heading', { name: 'Payment Information' });
  return { ...view, user, dialog };
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(api.fetchCoinPlans).mockResolvedValue({ status: true, data: PLANS });
});
afterEach(() => {
  vi.clearAllMocks();
  document.documentElement.style.overflow = '';
});

describe('TopUpDialog', () => {
  it('shows the balance and the plans as cards: coins, bonus, price and the peso value per coin', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog.textContent).toContain('Your balance: 40 coins');
    const cards = await within(dialog).findAllByTestId('coin-plan');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading').textContent).toContain('100 coins');
    expect(within(cards[0]).getByTestId('coin-plan-price').textContent).toContain('₱49.00');
    expect(within(cards[0]).getByTestId('coin-plan-per-coin').textContent).toContain('₱0.49 per coin');
    expect(within(cards[1]).getByTestId('coin-plan-bonus').textContent).toContain('+ 50 coins bonus');
    expect(within(cards[1]).getByTestId('coin-plan-per-coin').textContent).toContain('₱0.42 per coin · 550 coins in all');
  });

  it('shows the empty and error states', async () => {
    vi.mocked(api.fetchCoinPlans).mockResolvedValueOnce({ status: true, data: [] });
    const view = renderDialog();
    expect(await screen.findByText('No coin plans available')).toBeTruthy();
    view.unmount();
    vi.mocked(api.fetchCoinPlans).mockRejectedValueOnce(apiError(500));
    renderDialog();
    expect(await screen.findByText('nope')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('goes through the VIP payment steps, saves the pending payment with returnTo, then leaves for the gateway', async () => {
    const requestId = sessionIdentifier('PAYMENT');
    vi.mocked(api.processCoinPayment).mockResolvedValue({ status: true, paymentLink: 'http://localhost/pay/x1', pendingPaymentData: { requestId, amount: 229 } });
    window.history.replaceState(null, '', '/episodes/episode-3-love-abc');
    const { user, dialog } = await toForm();
    expect(within(dialog).getByTestId('chosen-plan').textContent).toContain('550 coins');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('http://localhost/pay/x1'));
    expect(api.processCoinPayment).toHaveBeenCalledWith(
      expect.objectContaining({ coinPlanId: 'cp-500', paymentMethod: 'gc', userInfo: expect.objectContaining({ fname: 'Maria', lname: 'Clara', email: 'maria@example.ph' }) }),
    );
    const stored = JSON.parse(localStorage.getItem('pendingPaymentData') ?? 'null');
    expect(stored).toMatchObject({ requestId, coinPlanId: 'cp-500', kind: 'coins', returnTo: '/episodes/episode-3-love-abc' });
    expect(localStorage.getItem('paymentSessionId')).toBe(requestId);
  });

  it("shows 'Payment failed' when the payment cannot start", async () => {
    vi.mocked(api.processCoinPayment).mockRejectedValue(apiError(500));
    const { user } = await toForm();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect((await screen.findByTestId('top-up-error')).textContent).toContain('Payment failed');
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('asks a guest to log in', async () => {
    const user = userEvent.setup();
    const { store } = renderDialog({ guest: true });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(within(dialog).getAllByRole('alert')[0].textContent).toContain('Please login first');
    const [first] = await within(dialog).findAllByTestId('coin-plan');
    await user.click(within(first).getByRole('button', { name: 'Buy for ₱49.00' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Choose Payment Type' })).toBeNull();
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    const { store } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(store.getState().ui.topUpDialogOpen).toBe(false);
  });
});
