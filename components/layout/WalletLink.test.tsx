import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { initialAuthState, userCoinsChanged } from '@/store/auth/slice';
import { act } from 'react';
import { SiteHeaderView } from './SiteHeader';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

const USER = { _id: 'a', uid: 'u', name: 'Ana', email: null, image: null, isAnonymous: false, isVip: false, coins: 1250 };

describe('header wallet entry', () => {
  it('shows a signed-in viewer the coin balance, linking to the wallet, and follows it', () => {
    const { store } = renderWithProviders(<SiteHeaderView pathname="/artist" />, {
      preloadedState: { auth: { ...initialAuthState, status: 'loggedIn', user: USER } },
    });
    const link = screen.getByRole('link', { name: 'Wallet: 1,250 coins' });
    expect(link.getAttribute('href')).toBe('/wallet');
    act(() => {
      store.dispatch(userCoinsChanged(40));
    });
    expect(screen.getByTestId('header-coin-balance').textContent).toBe('40');
  });

  it('shows guests no wallet entry', () => {
    renderWithProviders(<SiteHeaderView pathname="/" />);
    expect(screen.queryByTestId('header-wallet')).toBeNull();
  });
});
