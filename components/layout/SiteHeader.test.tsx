import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { navigation, renderWithProviders } from '@/tests/fixtures/render';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { initialUiState } from '@/store/ui/slice';
import SiteHeader from './SiteHeader';
import { isFooterHidden, isHeaderHidden, isSearchHidden, showsMobileNav, showsProfile } from './chrome';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

const member: AuthUser = {
  _id: '0123456789abcdef01234567',
  uid: 'uid-1',
  name: 'Maria Clara',
  email: 'maria@example.ph',
  image: null,
  isAnonymous: false,
  isVip: false,
};

describe('layout shell visibility rules', () => {
  it('hides the header on any path containing /episodes/', () => {
    expect(isHeaderHidden('/episodes/episode-1-Lihim-abc')).toBe(true);
    expect(isHeaderHidden('/movie/Lihim-abc')).toBe(false);
  });

  it('hides the footer on paths containing /episodes/ or /tag/', () => {
    expect(isFooterHidden('/episodes/episode-0-X-abc')).toBe(true);
    expect(isFooterHidden('/tag/Hot')).toBe(true);
    expect(isFooterHidden('/')).toBe(false);
    expect(isFooterHidden('/movie-genres/All-movies')).toBe(false);
  });

  it('hides the small-screen nav row on episode and dashboard pages', () => {
    expect(showsMobileNav('/')).toBe(true);
    expect(showsMobileNav('/dashboard')).toBe(false);
    expect(showsMobileNav('/dashboard/library')).toBe(false);
    expect(showsMobileNav('/episodes/episode-1-X-abc')).toBe(false);
  });

  it('hides search on dashboard and subscription pages', () => {
    expect(isSearchHidden('/dashboard')).toBe(true);
    expect(isSearchHidden('/dashboard/library')).toBe(true);
    expect(isSearchHidden('/subscription')).toBe(true);
    expect(isSearchHidden('/about')).toBe(false);
  });

  it('shows the profile image on home, genre and movie pages', () => {
    expect(showsProfile('/')).toBe(true);
    expect(showsProfile('/movie-genres/All-movies')).toBe(true);
    expect(showsProfile('/movie/X-abc')).toBe(true);
    expect(showsProfile('/about')).toBe(false);
  });
});

describe('SiteHeader', () => {
  it('renders nothing on episode pages', () => {
    renderWithProviders(<SiteHeader />, { pathname: '/episodes/episode-1-Lihim-abc' });
    expect(screen.queryByTestId('site-header')).toBeNull();
  });

  it('links the logo home and highlights the active nav item', () => {
    renderWithProviders(<SiteHeader />, { pathname: '/movie-genres/All-movies' });
    const header = screen.getByTestId('site-header');
    expect(within(header).getByRole('link', { name: /Kilig home/ })).toHaveProperty('pathname', '/');
    const [bar] = within(header).getAllByRole('navigation', { name: 'Main' });
    const genre = within(bar).getByRole('link', { name: 'Genre' });
    expect(genre.getAttribute('aria-current')).toBe('page');
    expect(genre.getAttribute('href')).toBe('/movie-genres/All-movies');
    for (const name of ['Home', 'Artist', 'Subscription', 'About']) {
      expect(within(bar).getByRole('link', { name }).getAttribute('aria-current')).toBeNull();
    }
  });

  it('has the small-screen nav row except on dashboard pages', () => {
    const { unmount } = renderWithProviders(<SiteHeader />, { pathname: '/about' });
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(2);
    unmount();
    renderWithProviders(<SiteHeader />, { pathname: '/dashboard' });
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
  });

  it('is transparent at the top of home and solid elsewhere', () => {
    const { unmount } = renderWithProviders(<SiteHeader />, { pathname: '/' });
    expect(screen.getByTestId('site-header').dataset.transparentWide).toBe('true');
    unmount();
    renderWithProviders(<SiteHeader />, { pathname: '/series' });
    expect(screen.getByTestId('site-header').dataset.transparentWide).toBe('false');
  });

  it('shows guests a Log in button that opens the login dialog, and "guest" with the label "User"', () => {
    const { store } = renderWithProviders(<SiteHeader />, { pathname: '/' });
    expect(screen.getByText('guest')).toBeTruthy();
    expect(screen.getByText('User')).toBeTruthy();
    expect(store.getState().ui.loginDialogOpen).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
  });

  it('shows signed-in users Log out, which opens the logout confirmation', () => {
    const { store } = renderWithProviders(<SiteHeader />, {
      pathname: '/',
      preloadedState: { auth: { ...initialAuthState, status: 'loggedIn', user: member }, ui: initialUiState },
    });
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(screen.getByText('Maria Clara')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(store.getState().ui.logoutDialogOpen).toBe(true);
  });

  it('shows Subscribe Now on home for non-subscribers only', () => {
    const first = renderWithProviders(<SiteHeader />, { pathname: '/' });
    expect(screen.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscription');
    first.unmount();

    const second = renderWithProviders(<SiteHeader />, { pathname: '/about' });
    expect(screen.queryByRole('link', { name: 'Subscribe Now' })).toBeNull();
    second.unmount();

    renderWithProviders(<SiteHeader />, {
      pathname: '/',
      preloadedState: { auth: { ...initialAuthState, status: 'loggedIn', user: { ...member, isVip: true } }, ui: initialUiState },
    });
    expect(screen.queryByRole('link', { name: 'Subscribe Now' })).toBeNull();
    expect(screen.getByText('Subscribed')).toBeTruthy();
  });

  it('hides search on dashboard and subscription pages', () => {
    const { unmount } = renderWithProviders(<SiteHeader />, { pathname: '/subscription' });
    expect(screen.queryByRole('search')).toBeNull();
    unmount();
    renderWithProviders(<SiteHeader />, { pathname: '/dashboard/library' });
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('submits a trimmed keyword to the search page and ignores an empty submit', () => {
    renderWithProviders(<SiteHeader />, { pathname: '/about', preloadedState: { auth: initialAuthState, ui: initialUiState } });
    const box = screen.getByRole('combobox', { name: 'Search movies and series' });
    const form = screen.getByRole('search');

    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(form);
    expect(navigation.router.push).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: '  lihim ng  ' } });
    fireEvent.submit(form);
    expect(navigation.router.push).toHaveBeenCalledWith('/search?keyword=lihim%20ng');
  });

  it('opens the full-screen search overlay from the small-screen search button', () => {
    const { store } = renderWithProviders(<SiteHeader />, { pathname: '/' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(store.getState().ui.searchPanelOpen).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(store.getState().ui.searchPanelOpen).toBe(false);
  });
});
