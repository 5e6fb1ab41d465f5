import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation, renderWithProviders } from '@/tests/fixtures/render';
import type { VipPlan } from '@/lib/contracts/subscription';
import { initialAuthState, loggedIn, type AuthUser } from '@/store/auth/slice';
import { initialUiState } from '@/store/ui/slice';
import { GlobalDialogs } from '@/components/dialogs/GlobalDialogs';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
// The backend and the browser's navigation are the edges; the store, the dialog and its steps are real.
vi.mock('@/lib/api/subscription', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/subscription')>()),
  fetchAvailablePlans: vi.fn(),
  generatePaymentLink: vi.fn(),
  generateQrPaymentLink: vi.fn(),
}));
vi.mock('@/components/checkout/navigate', () => ({ goToPaymentPage: vi.fn() }));

const api = await import('@/lib/api/subscription');
const { goToPaymentPage } = await import('@/components/checkout/navigate');

const TITLE = 'Premium Subscription - Unlock exclusive content';
const PLANS: VipPlan[] = [
  { _id: 'plan-weekly', subscriptionType: 'weekly', price: 79, validity: 7 },
  { _id: 'plan-monthly', subscriptionType: 'monthly', price: 299, validity: 30 },
  { _id: 'plan-lifetime', subscriptionType: 'lifetime', price: 2499.5, validity: 'lifetime' },
];
const USER: AuthUser = {
  _id: '0123456789abcdef01234567',
  uid: 'fb-1',
  name: 'Maria Clara',
  email: 'maria@example.ph',
  image: null,
  isAnonymous: false,
  isVip: false,
};
const apiError = (status: number, message?: string) =>
  Object.assign(new Error('Request failed'), { isAxiosError: true, response: { status, data: message ? { status: false, message } : {} } });

function renderDialog({ guest = false } = {}) {
  const auth = guest ? { ...initialAuthState, status: 'anonymous' as const } : { ...initialAuthState, status: 'loggedIn' as const, user: USER };
  return renderWithProviders(<GlobalDialogs />, {
    pathname: '/subscription',
    preloadedState: { auth, ui: { ...initialUiState, subscriptionDialogOpen: true } },
  });
}

async function openSteps() {
  const user = userEvent.setup({ advanceTimers: (ms) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)) });
  const view = renderDialog();
  const dialog = await screen.findByRole('dialog', { name: TITLE });
  const [, monthly] = await within(dialog).findAllByTestId('plan-card');
  await user.click(within(monthly).getByRole('button', { name: 'Subscribe Now' }));
  return { ...view, user, dialog };
}

async function toPaymentForm() {
  const ctx = await openSteps();
  await ctx.user.click(screen.getByRole('button', { name: /Digital Wallets/ }));
  await ctx.user.click(screen.getByRole('button', { name: 'GCash' }));
  await screen.findByRole('heading', { name: 'Payment Information' });
  return ctx;
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(api.fetchAvailablePlans).mockResolvedValue({ status: true, data: PLANS });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  document.documentElement.style.overflow = '';
});

describe('SubscriptionDialog: plans', () => {
  it('shows the loading text, then three plan columns with MOST POPULAR on the second', async () => {
    let answer: (v: { status: boolean; data: VipPlan[] }) => void = () => {};
    vi.mocked(api.fetchAvailablePlans).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(within(dialog).getByText('Loading subscription plans...').closest('[role="status"]')).toBeTruthy();

    await act(async () => answer({ status: true, data: PLANS }));
    const cards = await within(dialog).findAllByTestId('plan-card');
    expect(cards).toHaveLength(3);
    expect(cards.map((c) => within(c).queryByText('MOST POPULAR') !== null)).toEqual([false, true, false]);
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Weekly', 'Monthly', 'Lifetime']);
    expect(cards.map((c) => within(c).getByTestId('plan-price').textContent)).toEqual(['₱79.00', '₱299.00', '₱2,499.50']);
    expect(within(cards[0]).getByText('7 days Access')).toBeTruthy();
    expect(within(cards[1]).getByText('30 days Access')).toBeTruthy();
    expect(within(cards[2]).getByText('Lifetime Access')).toBeTruthy();
    for (const card of cards) {
      expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Unlimited movie access', 'HD quality streaming', 'Ad-free experience']);
      expect(within(card).getByRole('button', { name: 'Subscribe Now' })).toHaveProperty('disabled', false);
    }
    expect(within(dialog).getByText('Secure payment via a card payment provider')).toBeTruthy();
    expect(api.fetchAvailablePlans).toHaveBeenCalledTimes(1);
  });

  it('shows the error text when the plans cannot be loaded, and loads them again on request', async () => {
    vi.mocked(api.fetchAvailablePlans).mockRejectedValueOnce(apiError(503, 'The service is unavailable. Please try again shortly.'));
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(await within(dialog).findByText('The service is unavailable. Please try again shortly.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findAllByTestId('plan-card')).toHaveLength(3);
  });

  it('shows the empty state when there are no plans', async () => {
    vi.mocked(api.fetchAvailablePlans).mockResolvedValue({ status: true, data: [] });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(await within(dialog).findByText('No subscription plans available')).toBeTruthy();
    expect(within(dialog).getByText('Please check back later for available plans.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Subscribe Now' })).toBeNull();
  });

  it('closes by going back in history (to the page of ours before it) and forgets the local payment URL', async () => {
    window.history.pushState({}, '', '/subscription');
    // The page before, in this tab, was ours (another page load wrote its history length).
    sessionStorage.setItem('kilig.siteHistory', JSON.stringify({ last: { doc: performance.timeOrigin - 1, length: window.history.length - 1 }, previous: null }));
    localStorage.setItem('paymentUrl', 'http://127.0.0.1/pay/old');
    const { store } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(store.getState().ui.subscriptionDialogOpen).toBe(false);
    expect(localStorage.getItem('paymentUrl')).toBeNull();
    expect(navigation.router.back).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opened straight (a shared link, a new tab: no page of ours before it), close goes to our home page, not back', async () => {
    sessionStorage.clear();
    window.history.pushState({}, '', '/subscription');
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(navigation.router.back).not.toHaveBeenCalled();
    expect(navigation.router.replace).toHaveBeenCalledWith('/');
    window.history.replaceState(null, '', '/');
  });
});

describe('SubscriptionDialog: steps', () => {
  it('Choose Payment Type → Select Payment Method (and back) → Payment Information', async () => {
    const { user, dialog } = await openSteps();
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Choose Payment Type' }));
    const cards = within(dialog).getByRole('button', { name: /Credit & Debit Cards/ });
    const wallets = within(dialog).getByRole('button', { name: /Digital Wallets/ });
    expect(cards.textContent).toContain('14 options');
    expect(wallets.textContent).toContain('9 options');

    await user.click(cards);
    expect(within(dialog).getByRole('heading', { name: 'Select Payment Method' })).toBeTruthy();
    const cardMethods = within(dialog).getAllByRole('button').filter((b) => b.hasAttribute('data-method'));
    expect(cardMethods).toHaveLength(14);
    expect(within(dialog).getByRole('button', { name: 'BDO credit card' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Back to payment types' }));
    expect(within(dialog).getByRole('heading', { name: 'Choose Payment Type' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Digital Wallets/ }));
    const walletNames = within(dialog)
      .getAllByRole('button')
      .filter((b) => b.hasAttribute('data-method'))
      .map((b) => b.querySelector('span')?.textContent);
    expect(walletNames).toEqual(['GCash', 'Maya', 'GrabPay', 'ShopeePay', 'Coins.ph', 'Home Credit', 'PayBiz', 'WeChat Pay', 'Alipay']);

    await user.click(within(dialog).getByRole('button', { name: 'GCash' }));
    expect(within(dialog).getByRole('heading', { name: 'Payment Information' })).toBeTruthy();
    expect(within(dialog).getByText('GCash', { selector: 'span' })).toBeTruthy();
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Mobile', 'Date of birth']) {
      expect(within(dialog).getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    }

    // All the way back: focus returns to the chosen plan's button.
    await user.click(within(dialog).getByRole('button', { name: 'Back to payment methods' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back to payment types' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back to plans' }));
    const [, monthly] = within(dialog).getAllByTestId('plan-card');
    expect(document.activeElement).toBe(within(monthly).getByRole('button', { name: 'Subscribe Now' }));
  });

  it("disables 'Continue to Payment' until first name, last name and e-mail are filled; no format checks", async () => {
    const { user, dialog } = await toPaymentForm();
    const fname = within(dialog).getByLabelText(/^First name/);
    const lname = within(dialog).getByLabelText(/^Last name/);
    const email = within(dialog).getByLabelText(/^Email/);
    const submit = within(dialog).getByRole('button', { name: 'Continue to Payment' });
    // Filled in from the signed-in user.
    expect((fname as HTMLInputElement).value).toBe('Maria');
    expect((lname as HTMLInputElement).value).toBe('Clara');
    expect((email as HTMLInputElement).value).toBe('maria@example.ph');
    expect(submit).toHaveProperty('disabled', false);

    await user.clear(fname);
    await user.clear(lname);
    await user.clear(email);
    expect(submit).toHaveProperty('disabled', true);
    await user.type(fname, 'Juan');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(lname, 'Dela Cruz');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(email, '   ');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(email, 'not-an-email');
    expect(submit).toHaveProperty('disabled', false);
  });

  it('saves the pending payment and session id before redirecting to the payment link', async () => {
    const link = 'http://127.0.0.1:3100/pay/chk_123';
    const pendingPaymentData = { requestId: 'PAYMENT_1767225600000_k3v9q2x7m1p4a8zd', paymentId: 'p1', amount: 299 };
    let answer: (v: unknown) => void = () => {};
    vi.mocked(api.generatePaymentLink).mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    let storedAtRedirect: Record<string, string | null> = {};
    vi.mocked(goToPaymentPage).mockImplementation(() => {
      storedAtRedirect = Object.fromEntries(['pendingPaymentData', 'paymentSessionId', 'paymentUrl'].map((k) => [k, localStorage.getItem(k)]));
    });

    const { user, dialog } = await toPaymentForm();
    await user.type(within(dialog).getByLabelText(/^Mobile/), '09171234567');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);
    expect(api.generatePaymentLink).toHaveBeenCalledWith({
      vipPlanId: 'plan-monthly',
      userId: USER._id,
      paymentMethod: 'gc',
      billingMode: 'one_time',
      userInfo: { fname: 'Maria', lname: 'Clara', email: 'maria@example.ph', phone: '', mobile: '09171234567', dob: '' },
    });

    await act(async () => answer({ status: true, message: 'ok', paymentLink: link, payment_action_info: link, pendingPaymentData, requestId: pendingPaymentData.requestId }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith(link));
    expect(storedAtRedirect.paymentUrl).toBe(link);
    expect(storedAtRedirect.paymentSessionId).toBe(pendingPaymentData.requestId);
    const pending = JSON.parse(storedAtRedirect.pendingPaymentData!);
    expect(pending).toMatchObject({ ...pendingPaymentData, billingMode: 'one_time', vipPlanId: 'plan-monthly', paymentMethod: 'gc', sessionId: storedAtRedirect.paymentSessionId });
    expect(typeof pending.timestamp).toBe('number');
    expect(within(dialog).getByText(/^Processing\.\.\. Taking you to the secure payment page\.$/)).toBeTruthy();
  });

  it('offers the QR variant for wallets: generate-qr-payment-link, then the gateway page with the code', async () => {
    const link = 'http://127.0.0.1:3100/pay/chk_qr';
    const pendingPaymentData = { requestId: 'QR_1767225600000_k3v9q2x7m1p4a8zd', paymentId: 'p2', amount: 299 };
    vi.mocked(api.generateQrPaymentLink).mockResolvedValue({ status: true, message: 'ok', paymentLink: link, payment_action_info: link, pendingPaymentData, requestId: pendingPaymentData.requestId } as never);
    window.history.replaceState(null, '', '/subscription?returnTo=%2Fepisodes%2Fepisode-4-lihim-0123456789abcdef01234567');
    const { user, dialog } = await toPaymentForm();
    await user.click(within(dialog).getByRole('button', { name: 'Pay with a QR code instead' }));
    expect(api.generateQrPaymentLink).toHaveBeenCalledWith(expect.objectContaining({ vipPlanId: 'plan-monthly', paymentMethod: 'gc' }));
    expect(api.generatePaymentLink).not.toHaveBeenCalled();
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith(link));
    const pending = JSON.parse(localStorage.getItem('pendingPaymentData')!);
    expect(pending).toMatchObject({ requestId: pendingPaymentData.requestId, returnTo: '/episodes/episode-4-lihim-0123456789abcdef01234567' });
    window.history.replaceState(null, '', '/');
  });

  it('cards have no QR variant', async () => {
    const ctx = await openSteps();
    await ctx.user.click(screen.getByRole('button', { name: /Credit & Debit Cards/ }));
    await ctx.user.click(screen.getByRole('button', { name: 'BDO credit card' }));
    await screen.findByRole('heading', { name: 'Payment Information' });
    expect(screen.queryByRole('button', { name: 'Pay with a QR code instead' })).toBeNull();
  });

  it("shows 'Failed to generate payment link' and clears it after 5 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(api.generatePaymentLink).mockRejectedValue(apiError(422, 'Unknown payment method: gc'));
    const { user, dialog, store } = await toPaymentForm();
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    const alert = await within(dialog).findByText('Failed to generate payment link');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(goToPaymentPage).not.toHaveBeenCalled();
    expect(localStorage.getItem('pendingPaymentData')).toBeNull();

    act(() => void vi.advanceTimersByTime(4000));
    expect(within(dialog).getByText('Failed to generate payment link')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1100));
    expect(within(dialog).queryByText('Failed to generate payment link')).toBeNull();
    expect(store.getState().subscription!.payment.error).toBeNull();
    // The form is still there to try again.
    expect(within(dialog).getByRole('button', { name: 'Continue to Payment' })).toHaveProperty('disabled', false);
  });

  it('asks a guest to log in first, then carries on with the chosen plan', async () => {
    const { store } = renderDialog({ guest: true });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    const [first] = await within(dialog).findAllByTestId('plan-card');
    fireEvent.click(within(first).getByRole('button', { name: 'Subscribe Now' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(within(dialog).getByText(/^Please login first/)).toBeTruthy();
    expect(within(dialog).queryByRole('heading', { name: 'Choose Payment Type' })).toBeNull();

    act(() => void store.dispatch(loggedIn(USER)));
    expect(await within(dialog).findByRole('heading', { name: 'Choose Payment Type' })).toBeTruthy();
    expect(within(dialog).getByText('Weekly')).toBeTruthy();
  });
});
