import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import type { LedgerEntry } from '@/lib/contracts/coins';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { WalletHistory } from './WalletHistory';
import { WalletPanel } from './WalletPanel';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/coins', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/coins')>()),
  fetchLedger: vi.fn(),
  fetchCoinPlanHistory: vi.fn(),
  fetchEpisodeUnlockHistory: vi.fn(),
  fetchAutoUnlock: vi.fn(),
}));
const api = await import('@/lib/api/coins');

const USER: AuthUser = { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', uid: 'fb', name: 'Maria', email: 'm@example.ph', image: null, isAnonymous: false, isVip: false, coins: 0 };
const page = (currentPage: number, totalPages: number, totalItems: number) => ({ currentPage, pageSize: 2, totalItems, totalPages });
const ledger = (id: string, delta: number, label: string, balanceAfter: number, href: string | null): LedgerEntry => ({
  _id: id,
  delta,
  reason: delta > 0 ? 'coin_plan_purchase' : 'episode_unlock',
  label,
  reference: null,
  balanceAfter,
  centavos: Math.round((Math.abs(delta) * 4900) / 100),
  createdAt: '2026-11-20T04:00:00.000Z',
  href,
});

function renderWallet(guest = false, locale: 'en' | 'fil' = 'en') {
  const auth = guest ? { ...initialAuthState, status: 'anonymous' as const } : { ...initialAuthState, status: 'loggedIn' as const, user: USER };
  return renderWithProviders(
    <>
      <WalletPanel />
      <WalletHistory />
    </>,
    { pathname: '/wallet', preloadedState: { auth }, locale },
  );
}

beforeEach(() => {
  vi.mocked(api.fetchLedger)
    .mockResolvedValueOnce({
      status: true,
      data: [ledger('l3', -15, 'Episode unlock', 535, '/episodes/episode-2-lihim-0123456789abcdef01234567'), ledger('l2', 550, 'Top-up', 550, '/wallet#receipt-p1')],
      pagination: page(1, 2, 3),
      balance: 535,
    })
    .mockResolvedValueOnce({ status: true, data: [ledger('l1', 0, 'Adjustment', 0, null)], pagination: page(2, 2, 3), balance: 535 });
  vi.mocked(api.fetchCoinPlanHistory).mockResolvedValue({
    status: true,
    data: [
      {
        _id: 'p1',
        requestId: 'PAYMENT_1795499509046_93gsf09v8dbi3s5o',
        coinPlanId: 'cp',
        coins: 500,
        bonusCoins: 50,
        totalCoins: 550,
        price: 229,
        priceCentavos: 22900,
        paymentMethod: 'gc',
        paymentGateway: 'sandbox',
        paidAt: '2026-11-20T03:59:00.000Z',
        recordedAt: null,
      },
    ],
    pagination: page(1, 1, 1),
  });
  vi.mocked(api.fetchEpisodeUnlockHistory).mockResolvedValue({ status: true, data: [], pagination: page(1, 0, 0) });
  vi.mocked(api.fetchAutoUnlock).mockResolvedValue({ status: true, data: { enabled: false, capKind: 'episodes', capValue: 5, usedToday: { episodes: 0, coins: 0 } } });
});
afterEach(() => vi.clearAllMocks());

describe('wallet page', () => {
  it('shows the balance, every movement with date, coins, pesos and balance after, and pages with Load more', async () => {
    const user = userEvent.setup();
    renderWallet();
    const movements = await screen.findByTestId('wallet-ledger');
    const rows = await within(movements).findAllByTestId('ledger-entry');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Episode unlock');
    expect(within(rows[0]).getByTestId('ledger-delta').textContent).toContain('−15');
    expect(within(rows[0]).getByTestId('ledger-pesos').textContent).toBe('₱7.35');
    expect(within(rows[0]).getByTestId('ledger-balance-after').textContent).toBe('535');
    expect(within(rows[0]).getByRole('link', { name: 'Episode unlock' }).getAttribute('href')).toBe('/episodes/episode-2-lihim-0123456789abcdef01234567');
    expect(within(rows[1]).getByTestId('ledger-delta').textContent).toContain('+550');
    // The one purchase format (lib/format formatDateTime): Manila time, 04:00 UTC is noon.
    expect(rows[0].querySelector('time')?.textContent).toMatch(/^November 20, 2026 at 12:00\sPM$/);
    // The ledger's balance is the viewer's balance.
    await waitFor(() => expect(screen.getByTestId('coin-balance').textContent).toContain('535'));

    await user.click(within(movements).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(movements).getAllByTestId('ledger-entry')).toHaveLength(3));
    expect(api.fetchLedger).toHaveBeenLastCalledWith({ page: 2, limit: 20 });
    expect(within(movements).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('lists top-ups as receipts (anchor for the ledger link) and says when nothing was unlocked', async () => {
    renderWallet();
    const topUps = await screen.findByTestId('wallet-top-ups');
    const [entry] = await within(topUps).findAllByTestId('top-up-entry');
    expect(entry.id).toBe('receipt-p1');
    expect(entry.textContent).toContain('550 coins (500 + 50 bonus)');
    expect(entry.textContent).toContain('₱229.00');
    expect(entry.textContent).toContain('GCash');
    expect(entry.textContent).toContain('PAYMENT_1795499509046_93gsf09v8dbi3s5o');
    expect(within(entry).getByTestId('top-up-paid').textContent).toMatch(/^November 20, 2026 at 11:59\sAM$/);
    expect(within(entry).getByRole('link', { name: 'View receipt: 550 coins' }).getAttribute('href')).toBe('/wallet/receipts/p1');
    expect((await screen.findByTestId('wallet-unlocks')).textContent).toContain('No episodes unlocked with coins yet.');
    expect(await screen.findByRole('switch', { name: 'Auto-unlock next episode' })).toBeTruthy();
  });

  it('shows an error with Try again', async () => {
    vi.mocked(api.fetchLedger).mockReset().mockRejectedValueOnce(
      Object.assign(new Error('x'), { isAxiosError: true, response: { status: 500, data: { status: false, message: 'Database unavailable' } } }),
    );
    renderWallet();
    const movements = await screen.findByTestId('wallet-ledger');
    expect((await within(movements).findByRole('alert')).textContent).toBe('Database unavailable');
    expect(within(movements).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows guests no records', () => {
    renderWallet(true);
    expect(screen.queryByTestId('wallet-ledger')).toBeNull();
    expect(api.fetchLedger).not.toHaveBeenCalled();
  });

  it('speaks Filipino on a Filipino page: headings, movements, dates, receipts and links under /fil', async () => {
    renderWallet(false, 'fil');
    expect(screen.getByRole('heading', { name: 'Balanse ng coins' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Mag-top up ng coins/ })).toBeTruthy();
    const movements = await screen.findByTestId('wallet-ledger');
    expect(within(movements).getByRole('heading', { name: 'Galaw ng coins' })).toBeTruthy();
    const rows = await within(movements).findAllByTestId('ledger-entry');
    // The server's English label gives way to the movement's name in Filipino; the link stays in Filipino.
    const unlock = within(rows[0]).getByRole('link', { name: 'Pag-unlock ng episode' });
    expect(unlock.getAttribute('href')).toBe('/fil/episodes/episode-2-lihim-0123456789abcdef01234567');
    expect(rows[0].querySelector('time')?.textContent).toMatch(/^Nobyembre 20, 2026 nang 12:00\sPM$/);
    expect(rows[0].textContent).toContain('balanse 535');
    const [entry] = await within(await screen.findByTestId('wallet-top-ups')).findAllByTestId('top-up-entry');
    expect(entry.textContent).toContain('550 coins (500 + 50 na bonus)');
    expect(within(entry).getByRole('link', { name: 'Tingnan ang resibo: 550 coins' }).getAttribute('href')).toBe('/fil/wallet/receipts/p1');
    expect((await screen.findByTestId('wallet-unlocks')).textContent).toContain('Wala ka pang na-unlock na episode gamit ang coins.');
    expect(await screen.findByRole('switch', { name: 'Auto-unlock ng susunod na episode' })).toBeTruthy();
  });
});
