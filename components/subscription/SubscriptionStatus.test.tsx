import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { initialAuthState } from '@/store/auth/slice';
import { SubscriptionStatus } from './SubscriptionStatus';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

describe('SubscriptionStatus', () => {
  it("a guest's Free Plan, in Filipino on Filipino pages", () => {
    renderWithProviders(<SubscriptionStatus />, { locale: 'fil', preloadedState: { auth: { ...initialAuthState, status: 'anonymous' } } });
    expect(screen.getByText('Ang plan mo')).toBeTruthy();
    expect(screen.getByText(/^Libreng episodes at trailers lang\. Mag-log in para mag-subscribe/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mag-subscribe Na' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mag-log in' })).toBeTruthy();
  });
});
