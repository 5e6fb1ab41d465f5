import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import type { VipPlan } from '@/lib/contracts/subscription';
import type { Locale } from '@/i18n/routing';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { initialUiState } from '@/store/ui/slice';
import { GlobalDialogs } from '@/components/dialogs/GlobalDialogs';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
// The backend is the edge; the store, the dialogs and their steps are real.
vi.mock('@/lib/api/subscription', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api/subscription')>()), fetchAvailablePlans: vi.fn() }));
vi.mock('@/lib/api/auth', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api/auth')>()), retrieveContentPages: vi.fn() }));

const subscriptionApi = await import('@/lib/api/subscription');
const authApi = await import('@/lib/api/auth');

const PLANS: VipPlan[] = [
  { _id: 'plan-weekly', subscriptionType: 'weekly', price: 79, validity: 7 },
  { _id: 'plan-monthly', subscriptionType: 'monthly', price: 299, validity: 30 },
];
const USER: AuthUser = { _id: '0123456789abcdef01234567', uid: 'fb-1', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false };

async function toPaymentTypes(locale: Locale = 'en') {
  const user = userEvent.setup();
  renderWithProviders(<GlobalDialogs />, {
    locale,
    pathname: '/subscription',
    preloadedState: { auth: { ...initialAuthState, status: 'loggedIn', user: USER }, ui: { ...initialUiState, subscriptionDialogOpen: true } },
  });
  const dialog = await screen.findByTestId('subscription-dialog');
  const [, monthly] = await within(dialog).findAllByTestId('plan-card');
  await user.click(within(monthly).getByRole('button'));
  return { user, dialog };
}

beforeEach(() => {
  vi.mocked(subscriptionApi.fetchAvailablePlans).mockResolvedValue({ status: true, data: PLANS });
  vi.mocked(authApi.retrieveContentPages).mockResolvedValue({
    status: true,
    data: [{ _id: 'terms', slug: 'terms', title: 'Mobile App Terms and Conditions', sections: [{ heading: 'Introduction', paragraphs: ['Welcome.'] }] }],
  });
});
afterEach(() => {
  vi.clearAllMocks();
  document.documentElement.style.overflow = '';
});

describe('the payment steps (issue 22)', () => {
  it("offer the Terms and the Privacy Policy, as the same modals as the sign-up form's", async () => {
    const { user, dialog } = await toPaymentTypes();
    const policies = within(dialog).getByTestId('payment-policies');
    await user.click(within(policies).getByRole('button', { name: 'Terms and Conditions' }));
    const terms = await screen.findByRole('dialog', { name: 'Mobile App Terms and Conditions' });
    expect(await within(terms).findByRole('heading', { name: /Introduction/ })).toBeTruthy();
    await user.click(within(terms).getByRole('button', { name: 'I Understand' }));
    // Only the policy closed: the payment steps stay.
    expect(within(dialog).getByRole('heading', { name: 'Choose Payment Type' })).toBeTruthy();
    expect(within(policies).getByRole('button', { name: 'Privacy Policy' })).toBeTruthy();
  });

  it("show the wallets and banks with their marks, and 'Secure payment via {method}' once one is chosen", async () => {
    const { user, dialog } = await toPaymentTypes();
    expect(within(dialog).getByTestId('secure-payment').textContent).toBe('Secure payment via a card payment provider');
    await user.click(within(dialog).getByRole('button', { name: /Digital Wallets/ }));
    const marked = (code: string) => dialog.querySelector(`[data-method="${code}"] svg`)?.getAttribute('data-mark');
    for (const code of ['gc', 'paymaya_ph', 'grabpay_ph', 'shopeepay_ph', 'coins_ph']) expect(marked(code), code).toBe(code);
    // A method without a mark of ours is its name beside a plain shape.
    expect(marked('alipay')).toBe('none');
    await user.click(within(dialog).getByRole('button', { name: 'GCash' }));
    expect(within(dialog).getByTestId('secure-payment').textContent).toBe('Secure payment via GCash');
  });

  it('speak Filipino on Filipino pages', async () => {
    const { user, dialog } = await toPaymentTypes('fil');
    expect(within(dialog).getByRole('heading', { name: 'Premium Subscription - I-unlock ang exclusive content' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Pumili ng Paraan ng Pagbabayad' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Digital Wallet/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Maya' }));
    expect(within(dialog).getByRole('heading', { name: 'Impormasyon sa Pagbabayad' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Magpatuloy sa Pagbabayad' })).toBeTruthy();
    expect(within(dialog).getByTestId('secure-payment').textContent).toBe('Secure na pagbabayad gamit ang Maya');
    expect(within(dialog).getByTestId('chosen-plan').textContent).toContain('Buwanan');
  });
});
