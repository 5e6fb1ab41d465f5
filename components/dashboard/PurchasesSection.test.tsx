import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import type { Receipt } from '@/lib/contracts/receipts';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { PurchasesSection } from './PurchasesSection';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/receipts', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api/receipts')>()), fetchReceipts: vi.fn() }));

const api = await import('@/lib/api/receipts');

const USER: AuthUser = { _id: '0123456789abcdef01234567', uid: 'fb-1', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: true };
const loggedIn = { auth: { ...initialAuthState, status: 'loggedIn' as const, sessionStatus: 'succeeded' as const, user: USER } };

const MONTHLY: Receipt = {
  _id: 'pay-2',
  reference: 'PAYMENT_1767225600000_k3v9q2x7m1p4a8zd',
  kind: 'vip',
  item: 'VIP Monthly (30 days)',
  paymentMethod: 'gc',
  paymentMethodName: 'GCash',
  amount: 299,
  amountCentavos: 29900,
  currency: 'PHP',
  paidAt: '2026-01-01T02:30:00.000Z',
  status: 'paid',
  refundedAt: null,
  refundStatus: null,
  vipValidUntil: '2026-01-31T02:30:00.000Z',
  vipLifetime: false,
  gateway: 'sandbox',
};
const LIFETIME: Receipt = {
  ...MONTHLY,
  _id: 'pay-1',
  reference: 'PAYMENT_1767139200000_a1b2c3d4e5f6g7h8',
  item: 'VIP Lifetime',
  paymentMethod: 'bdo_cc_ph',
  paymentMethodName: null,
  amount: 2499.5,
  amountCentavos: 249950,
  vipValidUntil: null,
  vipLifetime: true,
};
const page = (data: Receipt[], totalPages = 1) => ({ status: true, data, pagination: { currentPage: 1, pageSize: 10, totalItems: data.length, totalPages } });

afterEach(() => vi.clearAllMocks());

describe('dashboard purchases', () => {
  it('lists purchases and opens a receipt with reference, item, method, amount, date and VIP valid until', async () => {
    vi.mocked(api.fetchReceipts).mockResolvedValue(page([MONTHLY, LIFETIME]));
    renderWithProviders(<PurchasesSection />, { preloadedState: loggedIn });
    expect(screen.getByText('Loading purchases…')).toBeTruthy();
    const rows = await screen.findAllByTestId('purchase');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('VIP Monthly (30 days)');
    expect(rows[0].textContent).toContain('₱299.00');
    expect(rows[0].textContent).toContain('January 1, 2026');

    const toggle = within(rows[0]).getByRole('button', { name: /View receipt/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = within(rows[0]).getByTestId('receipt-details');
    expect(toggle.getAttribute('aria-controls')).toBe(details.id);
    const pairs = [...details.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Reference', MONTHLY.reference],
      ['Item', 'VIP Monthly (30 days)'],
      ['Payment method', 'GCash'],
      ['Amount', '₱299.00'],
      ['Date', expect.stringMatching(/^January 1, 2026 at 10:30\sAM$/)],
      ['Status', 'Paid'],
      ['VIP valid until', 'January 31, 2026'],
    ]);
    expect(within(rows[0]).queryByTestId('purchase-refund')).toBeNull();

    fireEvent.click(within(rows[1]).getByRole('button', { name: /View receipt/ }));
    const lifetime = within(rows[1]).getByTestId('receipt-details');
    expect(lifetime.textContent).toContain('BDO credit card');
    expect(lifetime.textContent).toContain('₱2,499.50');
    expect(lifetime.textContent).toContain('VIP valid untilLifetime');
    expect(api.fetchReceipts).toHaveBeenCalledWith({ page: 1 });
  });

  it('says a refunded payment was refunded, and when; a refund under way says so too', async () => {
    const refunded: Receipt = {
      ...MONTHLY,
      _id: 'pay-3',
      kind: 'coins',
      item: '300 coins + 30 bonus',
      amount: 149,
      amountCentavos: 14900,
      paidAt: null,
      status: 'refunded',
      refundedAt: '2026-01-02T04:00:00.000Z',
      refundStatus: 'succeeded',
      vipValidUntil: undefined,
      vipLifetime: undefined,
    };
    const refunding: Receipt = { ...MONTHLY, _id: 'pay-4', refundStatus: 'pending' };
    vi.mocked(api.fetchReceipts).mockResolvedValue(page([refunded, refunding]));
    renderWithProviders(<PurchasesSection />, { preloadedState: loggedIn });
    const rows = await screen.findAllByTestId('purchase');
    expect(within(rows[0]).getByTestId('purchase-refund').textContent).toBe('Refunded');
    // Never settled as paid: the list dates it by the refund.
    expect(rows[0].textContent).toContain('January 2, 2026');
    expect(rows[0].textContent).toContain('Refunded: ₱149.00');
    fireEvent.click(within(rows[0]).getByRole('button', { name: /View receipt/ }));
    const details = within(rows[0]).getByTestId('receipt-details');
    expect(details.textContent).toMatch(/StatusRefunded on January 2, 2026 at 12:00\sPM/);
    expect(details.textContent).not.toContain('VIP valid until');
    expect(within(rows[1]).getByTestId('purchase-refund').textContent).toBe('Refund in progress');
  });

  it('shows the empty state', async () => {
    vi.mocked(api.fetchReceipts).mockResolvedValue(page([]));
    renderWithProviders(<PurchasesSection />, { preloadedState: loggedIn });
    expect(await screen.findByText('No purchases yet')).toBeTruthy();
  });

  it('shows the error and tries again', async () => {
    vi.mocked(api.fetchReceipts).mockRejectedValueOnce(
      Object.assign(new Error('x'), { isAxiosError: true, response: { status: 500, data: { status: false, message: 'Something went wrong!' } } }),
    );
    vi.mocked(api.fetchReceipts).mockResolvedValueOnce(page([MONTHLY]));
    renderWithProviders(<PurchasesSection />, { preloadedState: loggedIn });
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('purchase')).toHaveLength(1);
  });

  it('pages through a long history', async () => {
    vi.mocked(api.fetchReceipts).mockResolvedValue(page([MONTHLY], 3));
    renderWithProviders(<PurchasesSection />, { preloadedState: loggedIn });
    await screen.findAllByTestId('purchase');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(api.fetchReceipts).toHaveBeenLastCalledWith({ page: 2 });
  });

  it('is not shown to guests, and asks nothing of the server', () => {
    renderWithProviders(<PurchasesSection />, { preloadedState: { auth: { ...initialAuthState, status: 'anonymous' } } });
    expect(screen.queryByTestId('purchases')).toBeNull();
    expect(api.fetchReceipts).not.toHaveBeenCalled();
  });

  it('speaks Filipino on a Filipino page, and each receipt opens as its own page', async () => {
    vi.mocked(api.fetchReceipts).mockResolvedValue(page([MONTHLY], 2));
    renderWithProviders(<PurchasesSection />, { preloadedState: loggedIn, locale: 'fil' });
    expect(screen.getByText('Nilo-load ang mga binili…')).toBeTruthy();
    const [row] = await screen.findAllByTestId('purchase');
    expect(screen.getByRole('heading', { name: 'Mga binili' })).toBeTruthy();
    expect(within(row).getByTestId('purchase-date').textContent).toMatch(/^Enero 1, 2026 nang 10:30\sAM$/);
    fireEvent.click(within(row).getByRole('button', { name: /Tingnan ang resibo/ }));
    expect(within(row).getByRole('button', { name: /Itago ang resibo/ }).getAttribute('aria-expanded')).toBe('true');
    expect(within(row).getByTestId('receipt-details').textContent).toContain('StatusBayad na');
    expect(within(row).getByRole('link', { name: 'Buksan bilang page para i-print o i-save' }).getAttribute('href')).toBe('/fil/wallet/receipts/pay-2');
    expect(screen.getByRole('navigation', { name: 'Mga page ng binili' }).textContent).toContain('Page 1 sa 2');
  });

  it('links each receipt to its page in English too', async () => {
    vi.mocked(api.fetchReceipts).mockResolvedValue(page([MONTHLY]));
    renderWithProviders(<PurchasesSection />, { preloadedState: loggedIn });
    const [row] = await screen.findAllByTestId('purchase');
    fireEvent.click(within(row).getByRole('button', { name: /View receipt/ }));
    expect(within(row).getByRole('link', { name: 'Open as a page to print or save' }).getAttribute('href')).toBe('/wallet/receipts/pay-2');
  });
});

