import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { initialUiState } from '@/store/ui/slice';
import type { CoinPlan, SeriesPricing } from '@/lib/contracts/coins';
import { GlobalDialogs } from '@/components/dialogs/GlobalDialogs';
import { AutoUnlockSettings } from './AutoUnlockSettings';
import { SeriesPriceSummary } from './SeriesPriceSummary';
import { UnlockWithCoins } from './UnlockWithCoins';

/** The coin panels and the top-up dialog on a Filipino page (issue 22): Filipino words, pesos as Filipinos read them. */

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/coins', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/coins')>()),
  fetchCoinPlans: vi.fn(),
  fetchSeriesPricing: vi.fn(),
  fetchAutoUnlock: vi.fn(),
}));
const api = await import('@/lib/api/coins');

const PLANS: CoinPlan[] = [
  { _id: 'cp-100', coins: 100, bonusCoins: 0, totalCoins: 100, price: 49, priceCentavos: 4900, currency: 'PHP', centavosPerCoin: 49 },
  { _id: 'cp-1000', coins: 1000, bonusCoins: 200, totalCoins: 1200, price: 449, priceCentavos: 44900, currency: 'PHP', centavosPerCoin: 37.42 },
];
const PRICING: SeriesPricing = {
  movieSeriesId: 's1',
  episodePrice: 9,
  episodePriceCentavos: 441,
  lockedCount: 4,
  lockedCoins: 36,
  lockedCentavos: 1764,
  unlockAllCoins: 32,
  unlockAllCentavos: 1568,
  bundleOffered: true,
  discountPercent: 10,
  balance: 5,
};
const USER: AuthUser = { _id: '0123456789abcdef01234567', uid: 'fb-1', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false, coins: 5 };
const signedIn = { auth: { ...initialAuthState, status: 'loggedIn' as const, user: USER } };

beforeEach(() => {
  vi.mocked(api.fetchCoinPlans).mockResolvedValue({ status: true, data: PLANS });
  vi.mocked(api.fetchSeriesPricing).mockResolvedValue({ status: true, data: PRICING });
  vi.mocked(api.fetchAutoUnlock).mockResolvedValue({ status: true, data: { enabled: true, capKind: 'episodes', capValue: 3, usedToday: { episodes: 1, coins: 9 } } });
});
afterEach(() => {
  vi.clearAllMocks();
  document.documentElement.style.overflow = '';
});

describe('coins in Filipino', () => {
  it('top-up dialog: the balance, each plan with its bonus, price and price per coin', async () => {
    renderWithProviders(<GlobalDialogs />, { locale: 'fil', preloadedState: { ...signedIn, ui: { ...initialUiState, topUpDialogOpen: true } } });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Balanse mo: 5 coins');
    const [first, second] = await within(dialog).findAllByTestId('coin-plan');
    expect(within(first).getByRole('button', { name: 'Bilhin sa ₱49.00' })).toBeTruthy();
    expect(first.textContent).toContain('Walang bonus');
    expect(within(second).getByTestId('coin-plan-bonus').textContent).toBe('+ 200 coins na bonus');
    expect(within(second).getByTestId('coin-plan-per-coin').textContent).toBe('₱0.37 bawat coin · 1,200 coins lahat-lahat');
  });

  it('locked panel: unlock with its price in coins and pesos, and a short balance offers a top-up', () => {
    renderWithProviders(<UnlockWithCoins videoId="v4" movieSeriesId="s1" episodeNumber={4} price={15} onUnlocked={() => {}} />, { locale: 'fil', preloadedState: signedIn });
    expect(screen.getByTestId('unlock-button').textContent).toBe('I-unlock sa 15 coins (₱7.35)');
    expect(screen.getByTestId('unlock-balance').textContent).toBe('Balanse mo: 5 coins – kulang pa, Mag-top up');
    expect(screen.getByRole('button', { name: 'Mag-top up' })).toBeTruthy();
  });

  it('locked panel for a guest: log in first', () => {
    renderWithProviders(<UnlockWithCoins videoId="v4" movieSeriesId="s1" episodeNumber={4} price={1} onUnlocked={() => {}} />, {
      locale: 'fil',
      preloadedState: { auth: { ...initialAuthState, status: 'anonymous' } },
    });
    expect(screen.getByTestId('unlock-button').textContent).toBe('I-unlock sa 1 coin (₱0.49)');
    expect(screen.getByTestId('unlock-balance').textContent).toBe('Mag-log in para mag-unlock gamit ang coins');
  });

  it('series price: each episode, finishing the series at the discount, and the balance', async () => {
    renderWithProviders(<SeriesPriceSummary movieSeriesId="s1" />, { locale: 'fil', preloadedState: signedIn });
    const summary = await screen.findByTestId('series-price-summary');
    expect(summary.getAttribute('aria-label')).toBe('Presyo ng serye');
    expect(within(summary).getByTestId('episode-price').textContent).toBe('Bawat episode: 9 coins (₱4.41)');
    expect(within(summary).getByTestId('finish-series').textContent).toBe('Tapusin ang seryeng ito: 4 naka-lock na episode sa halagang 32 coins (₱15.68)');
    expect(summary.textContent).toContain('10% off: 36 coins — makakatipid ka ng 4 coins');
    expect(within(summary).getByRole('button', { name: 'I-unlock lahat ng natitira · 10% off' })).toBeTruthy();
    expect(summary.textContent).toContain('Balanse mo: 5 coins');
  });

  it('auto-unlock: on, its cap and what today used; changing the cap in Filipino', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AutoUnlockSettings />, { locale: 'fil', preloadedState: signedIn });
    const toggle = await screen.findByRole('switch', { name: 'Auto-unlock ng susunod na episode' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Naka-on · hanggang 3 episode kada araw · ngayong araw: 1 episode, 9 coins')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Palitan ang limit kada araw' }));
    const form = screen.getByRole('form', { name: 'Limit kada araw ng auto-unlock' });
    expect(within(form).getByLabelText('Episode kada araw')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'I-save ang limit' })).toBeTruthy();
  });
});
