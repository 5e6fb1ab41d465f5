import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { initialUiState } from '@/store/ui/slice';
import { initialAuthState } from '@/store/auth/slice';
import { ProfileCard } from './ProfileCard';
import { WalletPanel } from '@/components/wallet/WalletPanel';
import { LibraryTabs } from '@/components/library/LibraryTabs';
import { MyListPanel } from '@/components/library/LibraryPanels';

const vip = {
  ...initialAuthState,
  status: 'loggedIn' as const,
  user: { _id: 'a', uid: 'u', name: 'Ana', email: null, image: null, isAnonymous: false, isVip: true },
};

describe('account pages', () => {
  it("shows a guest as 'guest' / 'User' on the Free Plan, with links to library and wallet", () => {
    renderWithProviders(<ProfileCard />);
    expect(screen.getByText('guest')).toBeTruthy();
    expect(screen.getByText('User')).toBeTruthy();
    expect(screen.getByText('Free Plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Subscribe Now/ }).getAttribute('href')).toBe('/subscription');
    expect(screen.getByRole('link', { name: /My List/ }).getAttribute('href')).toBe('/dashboard/library');
    expect(screen.getByRole('link', { name: /Watch history/ }).getAttribute('href')).toBe('/dashboard/library?tab=history');
    expect(screen.getByRole('link', { name: /Wallet/ }).getAttribute('href')).toBe('/wallet');
  });

  it("shows subscribers 'Subscribed' and no subscribe button", () => {
    renderWithProviders(<ProfileCard />, { preloadedState: { auth: vip, ui: initialUiState } });
    expect(screen.getByText('Ana')).toBeTruthy();
    expect(screen.getAllByText('Subscribed').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /Subscribe Now/ })).toBeNull();
  });

  it('shows guests a coin balance of 0 and asks them to log in to top up', () => {
    const { store } = renderWithProviders(<WalletPanel />);
    expect(screen.getByTestId('coin-balance').textContent).toContain('0');
    fireEvent.click(screen.getByRole('button', { name: 'Log in to top up' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
  });

  it('opens the top-up dialog for signed-in users', () => {
    const { store } = renderWithProviders(<WalletPanel />, { preloadedState: { auth: { ...vip, user: { ...vip.user!, coins: 120 } }, ui: initialUiState } });
    expect(screen.getByTestId('coin-balance').textContent).toContain('120');
    fireEvent.click(screen.getByRole('button', { name: /Top up coins/ }));
    expect(store.getState().ui.topUpDialogOpen).toBe(true);
  });

  it('marks the active library tab, with History at ?tab=history', () => {
    renderWithProviders(<LibraryTabs active="history" />);
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/dashboard/library?tab=history');
    expect(screen.getByRole('link', { name: 'My List' }).getAttribute('aria-current')).toBeNull();
  });

  it('asks guests to log in before keeping a list', () => {
    const { store } = renderWithProviders(<MyListPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
  });

  it('speaks Filipino on a Filipino page: the plan once, the links under /fil', () => {
    renderWithProviders(<ProfileCard />, { locale: 'fil', preloadedState: { auth: { ...vip, user: { ...vip.user!, isVip: false } }, ui: initialUiState } });
    expect(screen.getAllByText('Free Plan')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Mag-subscribe Na/ }).getAttribute('href')).toBe('/fil/subscription');
    const nav = screen.getByRole('navigation', { name: 'Ang account mo' });
    expect(nav.querySelector('a[href="/fil/dashboard/library"]')?.textContent).toContain('Listahan Ko');
    expect(nav.querySelector('a[href="/fil/wallet"]')?.textContent).toContain('Coins pang-unlock ng episodes');
  });

  it('shows the wallet in Filipino', () => {
    renderWithProviders(<WalletPanel />, { locale: 'fil', preloadedState: { auth: { ...vip, user: { ...vip.user!, coins: 1 } }, ui: initialUiState } });
    expect(screen.getByTestId('coin-balance').textContent).toBe('1 coin');
    expect(screen.getByText('Katumbas ng ₱0.49 sa base rate.')).toBeTruthy();
  });
});

