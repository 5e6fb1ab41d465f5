import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobsHealth, StudioPayment, StudioPaymentDetail } from '@/lib/contracts/studio-payments';
import { initialAuthState } from '@/store/auth/slice';
import { renderWithProviders } from '@/tests/fixtures/render';
import { StudioShell } from '@/components/studio/StudioShell';
import { PaymentsPage } from './PaymentsPage';
import { PaymentDetailPage } from './PaymentDetailPage';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/studio', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api/studio')>()), fetchStudioUser: vi.fn() }));
vi.mock('@/lib/api/studio-payments', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/studio-payments')>()),
  fetchPayments: vi.fn(),
  fetchPayment: vi.fn(),
  refundPayment: vi.fn(),
  resolvePayment: vi.fn(),
  fetchJobsHealth: vi.fn(),
  retryJob: vi.fn(),
}));
const studio = await import('@/lib/api/studio');
const api = await import('@/lib/api/studio-payments');

const ME = 'a'.repeat(24);
const payment = (id: string, over: Partial<StudioPayment> = {}): StudioPayment => ({
  id,
  requestId: `PAYMENT_1767225600000_${id.slice(0, 16)}`,
  providerRef: `cs_${id}`,
  provider: 'sandbox',
  kind: 'vip',
  item: 'VIP Monthly (30 days)',
  amountCentavos: 29900,
  currency: 'PHP',
  paymentMethod: 'gc',
  paymentMethodName: 'GCash',
  status: 'paid',
  userId: 'd'.repeat(24),
  userEmail: 'juan@example.ph',
  checkoutEmail: 'juan@example.ph',
  flagReason: null,
  flagOpen: false,
  refundStatus: null,
  createdAt: '2026-01-01T02:30:00.000Z',
  paidAt: '2026-01-01T02:31:00.000Z',
  ...over,
});
const PAID = payment('1'.repeat(24));
const FLAGGED = payment('2'.repeat(24), { status: 'pending', userId: null, userEmail: null, kind: 'coins', item: '300 coins + 30 bonus', amountCentavos: 14950, flagReason: 'paid event evt_1 does not match: amount 100 ≠ 14950', flagOpen: true, paidAt: null });
const COUNTS = { all: 2, pending: 1, paid: 1, flagged: 1, refunded: 0, failed: 0, expired: 0, cancelled: 0 };
const HEALTH: JobsHealth = {
  counts: { queued: 1, running: 0, done: 12, dead: 1 },
  byType: [{ type: 'webhook.deliver', counts: { queued: 1, running: 0, done: 12, dead: 1 } }],
  overdue: 0,
  dead: [{ id: 'e'.repeat(24), type: 'webhook.deliver', attempts: 8, maxAttempts: 8, lastError: 'receiver answered 500', paymentId: null, createdAt: '2026-01-01T00:00:00.000Z', failedAt: '2026-01-01T01:00:00.000Z' }],
};
const detail = (over: Partial<StudioPaymentDetail> = {}): StudioPaymentDetail => ({
  ...FLAGGED,
  mchOrderId: null,
  failureReason: null,
  expiresAt: null,
  appliedAt: null,
  flaggedAt: '2026-01-01T02:31:00.000Z',
  flagResolvedAt: null,
  flagResolvedByEmail: null,
  flagNote: null,
  refundReason: null,
  refundRequestedAt: null,
  refundRequestedByEmail: null,
  refundRef: null,
  refundError: null,
  refundedAt: null,
  history: [
    { at: '2026-01-01T02:30:00.000Z', kind: 'created', title: 'Checkout opened', detail: '₱149.50 · GCash', tone: 'info' },
    { at: '2026-01-01T02:31:00.000Z', kind: 'flagged', title: 'Flagged for a person', detail: FLAGGED.flagReason, tone: 'bad' },
  ],
  canRefund: true,
  canResolve: true,
  ...over,
});

function renderIn(ui: React.ReactNode, role: 'admin' | 'editor' = 'admin') {
  vi.mocked(studio.fetchStudioUser).mockResolvedValue({ id: ME, email: 'me@kilig.demo', name: 'Me', role });
  const auth = { ...initialAuthState, status: 'loggedIn' as const, sessionStatus: 'succeeded' as const, user: { _id: ME, uid: 'fb', name: 'Me', email: 'me@kilig.demo', image: null, isAnonymous: false, isVip: false, coins: 0 } };
  return renderWithProviders(<StudioShell>{ui}</StudioShell>, { pathname: '/studio/payments', preloadedState: { auth } });
}

beforeEach(() => {
  vi.mocked(api.fetchPayments).mockReset().mockResolvedValue({ status: true, message: 'Payments', data: [FLAGGED, PAID], pagination: { currentPage: 1, pageSize: 25, totalItems: 2, totalPages: 1 }, counts: COUNTS });
  vi.mocked(api.fetchJobsHealth).mockReset().mockResolvedValue(HEALTH);
  vi.mocked(api.retryJob).mockReset().mockResolvedValue({ ...HEALTH, counts: { ...HEALTH.counts, dead: 0, queued: 2 }, dead: [] });
  vi.mocked(api.fetchPayment).mockReset().mockResolvedValue(detail());
  vi.mocked(api.refundPayment).mockReset();
  vi.mocked(api.resolvePayment).mockReset();
});

describe('PaymentsPage', () => {
  it('lists payments: date, user or (deleted account), item, ₱ amount, method, status, flag; tabs with counts filter; the search goes to the server', async () => {
    renderIn(<PaymentsPage />);
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows).toHaveLength(2);
    const flagged = within(rows[0]);
    expect(flagged.getByText('(deleted account)')).toBeTruthy();
    expect(flagged.getByText('₱149.50')).toBeTruthy();
    expect(flagged.getByText('300 coins + 30 bonus')).toBeTruthy();
    expect(flagged.getByTestId('payment-flag').textContent).toContain('Flagged');
    expect(flagged.getByTestId('payment-status').textContent).toBe('Pending');
    expect(flagged.getByRole('link', { name: /open payment PAYMENT_/ }).getAttribute('href')).toBe(`/studio/payments/${FLAGGED.id}`);
    const paid = within(rows[1]);
    expect(paid.getByText('juan@example.ph')).toBeTruthy();
    expect(paid.getByText('₱299.00')).toBeTruthy();
    expect(paid.getByText('GCash')).toBeTruthy();
    expect(paid.getByTestId('payment-status').textContent).toBe('Paid');

    const tabs = screen.getByRole('group', { name: 'Show payments' });
    expect(within(tabs).getAllByRole('button').map((b) => b.textContent)).toEqual(['All2', 'Pending1', 'Paid1', 'Flagged1', 'Refunded0', 'Failed0', 'Expired0', 'Cancelled0']);
    fireEvent.click(within(tabs).getByRole('button', { name: /Flagged/ }));
    await waitFor(() => expect(api.fetchPayments).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'flagged', page: 1 })));
    expect(within(tabs).getByRole('button', { name: /Flagged/ }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(screen.getByLabelText(/Search by e-mail/), { target: { value: '  juan@example.ph ' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Search payments' }));
    await waitFor(() => expect(api.fetchPayments).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'flagged', q: 'juan@example.ph' })));
  });

  it('says when nothing matches, and shows an error with Try again', async () => {
    vi.mocked(api.fetchPayments).mockRejectedValueOnce(Object.assign(new Error('x'), { isAxiosError: true, response: { status: 500, data: { status: false, message: 'Something went wrong!' } } }));
    renderIn(<PaymentsPage />);
    expect((await screen.findByText(/Could not load payments/)).textContent).toContain('Something went wrong!');
    vi.mocked(api.fetchPayments).mockResolvedValue({ status: true, message: 'Payments', data: [], pagination: { currentPage: 1, pageSize: 25, totalItems: 0, totalPages: 0 }, counts: { ...COUNTS, all: 0 } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]);
    expect(await screen.findByText('No payments.')).toBeTruthy();
  });

  it('shows the job queue: counts, dead jobs with their last error, Retry', async () => {
    renderIn(<PaymentsPage />);
    const jobs = within(await screen.findByTestId('jobs-health'));
    expect((await jobs.findByTestId('jobs-dead')).textContent).toBe('1');
    expect(jobs.getByTestId('dead-job').textContent).toContain('receiver answered 500');
    fireEvent.click(jobs.getByRole('button', { name: `Retry the webhook.deliver job ${'e'.repeat(24)}` }));
    expect(await jobs.findByText(/queued again/)).toBeTruthy();
    expect(api.retryJob).toHaveBeenCalledWith('e'.repeat(24));
    expect(jobs.getByText('No dead jobs.')).toBeTruthy();
  });

  it('is for admins only: an editor sees no list and the API is not asked', async () => {
    renderIn(<PaymentsPage />, 'editor');
    expect(await screen.findByText(/This part of the studio is for admins/)).toBeTruthy();
    expect(api.fetchPayments).not.toHaveBeenCalled();
    // And the navigation has no Payments for an editor.
    expect(screen.queryByRole('link', { name: 'Payments' })).toBeNull();
  });
});

describe('PaymentDetailPage', () => {
  it('shows the history; Refund asks to confirm with a note, then asks the server', async () => {
    vi.mocked(api.refundPayment).mockResolvedValue(detail({ refundStatus: 'pending', canRefund: false, canResolve: false }));
    renderIn(<PaymentDetailPage id={FLAGGED.id} />);
    const history = await screen.findByTestId('payment-history');
    expect([...history.querySelectorAll('li')].map((li) => li.dataset.kind)).toEqual(['created', 'flagged']);
    expect(screen.getByRole('link', { name: 'Payments' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Refund ₱149.50' }));
    const form = screen.getByRole('form', { name: 'Confirm the refund of ₱149.50' });
    const note = within(form).getByLabelText('Note (required)');
    await waitFor(() => expect(document.activeElement).toBe(note));
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm refund of ₱149.50' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Write a note');
    expect(api.refundPayment).not.toHaveBeenCalled();

    fireEvent.change(note, { target: { value: 'Amount mismatch: giving it back.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm refund of ₱149.50' }));
    await waitFor(() => expect(api.refundPayment).toHaveBeenCalledWith(FLAGGED.id, 'Amount mismatch: giving it back.'));
    expect(await screen.findByText(/Refund of ₱149.50 requested/)).toBeTruthy();
    expect(screen.getByText('Refund under way')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Refund ₱/ })).toBeNull();
  });

  it('Mark resolved needs a note; the server’s refusal is shown', async () => {
    vi.mocked(api.resolvePayment).mockRejectedValueOnce(Object.assign(new Error('x'), { isAxiosError: true, response: { status: 409, data: { status: false, message: 'A refund of this payment is under way.' } } }));
    renderIn(<PaymentDetailPage id={FLAGGED.id} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark resolved' }));
    const form = screen.getByRole('form', { name: 'Mark resolved' });
    fireEvent.change(within(form).getByLabelText('Note (required)'), { target: { value: 'Checked with the gateway.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark resolved' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('A refund of this payment is under way.');
    expect(api.resolvePayment).toHaveBeenCalledWith(FLAGGED.id, 'Checked with the gateway.');
  });
});
