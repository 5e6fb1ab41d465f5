import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import type { Receipt } from '@/lib/contracts/receipts';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { ReceiptView } from './ReceiptView';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/receipts', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api/receipts')>()), fetchReceipt: vi.fn() }));
const api = await import('@/lib/api/receipts');

const USER: AuthUser = { _id: '0123456789abcdef01234567', uid: 'fb-1', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: true };
const signedIn = { auth: { ...initialAuthState, status: 'loggedIn' as const, sessionStatus: 'succeeded' as const, user: USER } };
const RECEIPT: Receipt = {
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
const notFound = () => Object.assign(new Error('x'), { isAxiosError: true, response: { status: 404, data: { status: false, message: 'Receipt not found.' } } });

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('receipt page', () => {
  it("loads the viewer's receipt by id and prints it", async () => {
    vi.mocked(api.fetchReceipt).mockResolvedValue({ status: true, message: 'Receipt', data: RECEIPT });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderWithProviders(<ReceiptView paymentId="pay-2" />, { preloadedState: signedIn });
    expect(screen.getByRole('status').textContent).toBe('Loading receipt…');
    const article = await screen.findByTestId('receipt-page');
    expect(api.fetchReceipt).toHaveBeenCalledWith('pay-2');
    expect(within(article).getByRole('heading', { level: 1, name: 'Receipt' })).toBeTruthy();
    expect(within(article).getByTestId('receipt-reference').textContent).toBe(RECEIPT.reference);
    expect(within(article).getByTestId('receipt-amount').textContent).toBe('₱299.00');
    const date = within(article).getByTestId('receipt-date');
    expect(date.textContent).toMatch(/^January 1, 2026 at 10:30\sAM$/);
    expect(date.querySelector('time')?.getAttribute('dateTime')).toBe(RECEIPT.paidAt);
    expect(article.textContent).toContain('Times are Philippine time (GMT+8).');
    await userEvent.setup().click(within(article).getByRole('button', { name: 'Print / Save as PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
    // Controls stay off the paper (components/dashboard/receipt-print.css).
    expect(within(article).getByRole('button', { name: 'Print / Save as PDF' }).hasAttribute('data-print-hidden')).toBe(true);
    expect(screen.getByRole('link', { name: /Back to your account/ }).closest('[data-print-hidden]')).not.toBeNull();
  });

  it("says 'Receipt not found' for another user's or an unknown id", async () => {
    vi.mocked(api.fetchReceipt).mockRejectedValue(notFound());
    renderWithProviders(<ReceiptView paymentId="someone-elses" />, { preloadedState: signedIn });
    const state = await screen.findByTestId('receipt-not-found');
    expect(within(state).getByRole('heading', { level: 1, name: 'Receipt not found' })).toBeTruthy();
    expect(within(state).getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByTestId('receipt-page')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print / Save as PDF' })).toBeNull();
  });

  it('asks a guest to log in, and reads nothing', async () => {
    const { store } = renderWithProviders(<ReceiptView paymentId="pay-2" />, {
      preloadedState: { auth: { ...initialAuthState, status: 'anonymous', sessionStatus: 'succeeded' } },
    });
    expect(screen.getByRole('heading', { name: 'Log in to see this receipt' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(api.fetchReceipt).not.toHaveBeenCalled();
  });

  it('shows a failure with Try again, which reads it again', async () => {
    vi.mocked(api.fetchReceipt)
      .mockRejectedValueOnce(Object.assign(new Error('x'), { isAxiosError: true, response: { status: 500, data: { status: false, message: 'Database unavailable' } } }))
      .mockResolvedValueOnce({ status: true, message: 'Receipt', data: RECEIPT });
    renderWithProviders(<ReceiptView paymentId="pay-2" />, { preloadedState: signedIn });
    expect((await screen.findByRole('alert')).textContent).toBe('Database unavailable');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('receipt-page')).toBeTruthy();
    expect(api.fetchReceipt).toHaveBeenCalledTimes(2);
  });

  it('speaks Filipino on a Filipino page', async () => {
    vi.mocked(api.fetchReceipt).mockResolvedValue({ status: true, message: 'Receipt', data: RECEIPT });
    renderWithProviders(<ReceiptView paymentId="pay-2" />, { preloadedState: signedIn, locale: 'fil' });
    const article = await screen.findByTestId('receipt-page');
    expect(within(article).getByRole('heading', { level: 1, name: 'Resibo' })).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'I-print / I-save bilang PDF' })).toBeTruthy();
    const pairs = [...article.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Reference', RECEIPT.reference],
      ['Binili', 'VIP Monthly (30 days)'],
      ['Paraan ng pagbayad', 'GCash'],
      ['Halaga', '₱299.00'],
      ['Petsa', expect.stringMatching(/^Enero 1, 2026 nang 10:30\sAM$/)],
      ['Status', 'Bayad na'],
      ['VIP hanggang', 'Enero 31, 2026'],
    ]);
    expect(screen.getByRole('link', { name: /Bumalik sa account mo/ }).getAttribute('href')).toBe('/fil/dashboard');
  });
});
