import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import type { Receipt } from '@/lib/contracts/receipts';
import type { CoinPlanHistoryEntry } from '@/lib/contracts/coins';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { WalletHistory } from '@/components/wallet/WalletHistory';
import { PurchasesSection } from './PurchasesSection';
import { ReceiptView } from './ReceiptView';

/**
 * Issue 22 'Receipts': the same top-up read 'January 1, 2026 at 10:30 AM' among the dashboard's purchases and 'Jan 1,
 * 2026, 10:30 AM' among the wallet's top-ups. One payment, one date, in every place and both languages.
 */

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/receipts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/receipts')>()),
  fetchReceipts: vi.fn(),
  fetchReceipt: vi.fn(),
}));
vi.mock('@/lib/api/coins', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/coins')>()),
  fetchLedger: vi.fn(),
  fetchCoinPlanHistory: vi.fn(),
  fetchEpisodeUnlockHistory: vi.fn(),
  fetchAutoUnlock: vi.fn(),
}));
const receipts = await import('@/lib/api/receipts');
const coins = await import('@/lib/api/coins');

const USER: AuthUser = { _id: '0123456789abcdef01234567', uid: 'fb-1', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false, coins: 550 };
const signedIn = { auth: { ...initialAuthState, status: 'loggedIn' as const, sessionStatus: 'succeeded' as const, user: USER } };
// 16:45 UTC on the 31st: already January 1 in Manila, still December 31 on a device in UTC.
const PAID_AT = '2025-12-31T16:45:00.000Z';
const RECEIPT: Receipt = {
  _id: 'pay-7',
  reference: 'PAYMENT_1767199500000_q8w7e6r5t4y3u2i1',
  kind: 'coins',
  item: '500 coins + 50 bonus',
  paymentMethod: 'gc',
  paymentMethodName: 'GCash',
  amount: 229,
  amountCentavos: 22900,
  currency: 'PHP',
  paidAt: PAID_AT,
  status: 'paid',
  refundedAt: null,
  refundStatus: null,
  gateway: 'sandbox',
};
const TOP_UP: CoinPlanHistoryEntry = {
  _id: 'pay-7',
  requestId: RECEIPT.reference,
  coinPlanId: 'cp-500',
  coins: 500,
  bonusCoins: 50,
  totalCoins: 550,
  price: 229,
  priceCentavos: 22900,
  paymentMethod: 'gc',
  paymentGateway: 'sandbox',
  paidAt: PAID_AT,
  recordedAt: null,
};
const pagination = { currentPage: 1, pageSize: 10, totalItems: 1, totalPages: 1 };

afterEach(() => vi.clearAllMocks());

describe.each(['en', 'fil'] as const)('one purchase, one date (%s)', (locale) => {
  it('the dashboard, the wallet and the receipt page show the same date and time, in Manila', async () => {
    vi.mocked(receipts.fetchReceipts).mockResolvedValue({ status: true, data: [RECEIPT], pagination });
    vi.mocked(receipts.fetchReceipt).mockResolvedValue({ status: true, message: 'Receipt', data: RECEIPT });
    vi.mocked(coins.fetchLedger).mockResolvedValue({ status: true, data: [], pagination: { ...pagination, totalItems: 0, totalPages: 0 }, balance: 550 });
    vi.mocked(coins.fetchCoinPlanHistory).mockResolvedValue({ status: true, data: [TOP_UP], pagination });
    vi.mocked(coins.fetchEpisodeUnlockHistory).mockResolvedValue({ status: true, data: [], pagination: { ...pagination, totalItems: 0, totalPages: 0 } });
    vi.mocked(coins.fetchAutoUnlock).mockResolvedValue({ status: true, data: { enabled: false, capKind: 'episodes', capValue: 5, usedToday: { episodes: 0, coins: 0 } } });
    renderWithProviders(
      <>
        <PurchasesSection />
        <WalletHistory />
        <ReceiptView paymentId="pay-7" />
      </>,
      { preloadedState: signedIn, locale },
    );
    const [purchase] = await screen.findAllByTestId('purchase');
    const [topUp] = await screen.findAllByTestId('top-up-entry');
    const page = await screen.findByTestId('receipt-page');
    const dashboard = within(purchase).getByTestId('purchase-date').textContent;
    expect(dashboard).toMatch(locale === 'en' ? /^January 1, 2026 at 12:45\sAM$/ : /^Enero 1, 2026 nang 12:45\sAM$/);
    expect(within(topUp).getByTestId('top-up-paid').textContent).toBe(dashboard);
    expect(within(page).getByTestId('receipt-date').textContent).toBe(dashboard);
  });
});
