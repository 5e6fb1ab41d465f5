import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { localeParams } from '@/tests/fixtures/intl-server';
import SubscriptionPage from './page';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('next-intl/server', async () => (await import('@/tests/fixtures/intl-server')).nextIntlServerMock);

describe('subscription page', () => {
  it('speaks Filipino on /fil/subscription: heading, benefits, steps and the comparison table', async () => {
    renderWithProviders(await SubscriptionPage({ params: localeParams('fil') }), { locale: 'fil' });
    expect(screen.getByRole('heading', { level: 1, name: 'Premium Subscription - I-unlock ang exclusive content' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ano ang kasama sa VIP' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Walang ads' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pumili ng plan' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Ano ang kasama sa bawat plan' });
    const trailers = within(table).getByRole('row', { name: /Mga trailer at libreng episode/ });
    expect(within(trailers).getAllByText('Oo')).toHaveLength(2);
    expect(within(within(table).getByRole('row', { name: /Mga premium na pelikula/ })).getByText('Hindi')).toBeTruthy();
    expect(screen.queryByText('What VIP includes')).toBeNull();
  });

  it('keeps the English texts on /subscription', async () => {
    renderWithProviders(await SubscriptionPage({ params: localeParams('en') }));
    expect(screen.getByRole('heading', { level: 1, name: 'Premium Subscription - Unlock exclusive content' })).toBeTruthy();
    expect(screen.getByText(/Go VIP and every premium title on .+ is yours to watch: all episodes, all series, as often as you like\./)).toBeTruthy();
    for (const name of ['What VIP includes', 'Unlimited movie access', 'HD quality streaming', 'Ad-free experience', 'How it works', 'Pay your way', 'Free Plan or VIP?']) {
      expect(screen.getAllByRole('heading', { name }).length, name).toBeGreaterThan(0);
    }
    expect(screen.getByRole('table', { name: 'What each plan includes' })).toBeTruthy();
    expect(screen.getByText('Secure payment via a card payment provider. Cancel anytime in your account settings.')).toBeTruthy();
  });
});
