import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { initialAuthState } from '@/store/auth/slice';
import SiteHeader from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import { OFFER_DISMISSED_KEY, preferredLocale } from './LanguageOffer';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

const member = {
  ...initialAuthState,
  status: 'loggedIn' as const,
  user: { _id: '0123456789abcdef01234567', uid: 'u1', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false },
};

function setLanguages(languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
}

beforeEach(() => {
  window.localStorage.clear();
  setLanguages(['en-US', 'en']);
});
afterEach(() => window.localStorage.clear());

describe('language switch', () => {
  it('links an English page to the same path and query in Filipino, named in Filipino, with hreflang and lang', () => {
    renderWithProviders(<SiteHeader />, { pathname: '/movie-genres/All-movies?genre=romance&tag=Hot' });
    const link = screen.getByTestId('header-language');
    expect(screen.getByRole('link', { name: 'Filipino' })).toBe(link);
    expect(link.getAttribute('href')).toBe('/fil/movie-genres/All-movies?genre=romance&tag=Hot');
    expect(link.getAttribute('hreflang')).toBe('fil');
    expect(link.getAttribute('lang')).toBe('fil');
  });

  it('links a Filipino page back to the unprefixed English page, and the header speaks Filipino', () => {
    renderWithProviders(<SiteHeader />, { pathname: '/fil/movie/Lihim-0123456789abcdef01234567', locale: 'fil', preloadedState: { auth: member } });
    const link = screen.getByTestId('header-language');
    expect(screen.getByRole('link', { name: 'English' })).toBe(link);
    expect(link.getAttribute('href')).toBe('/movie/Lihim-0123456789abcdef01234567');
    expect(link.getAttribute('hreflang')).toBe('en');
    const nav = screen.getAllByRole('navigation', { name: 'Pangunahin' })[0];
    expect(within(nav).getByRole('link', { name: 'Tungkol' }).getAttribute('href')).toBe('/fil/about');
    expect(screen.getByRole('link', { name: 'Dashboard: Maria Clara, Free Plan' }).getAttribute('href')).toBe('/fil/dashboard');
  });

  it('is in the footer too, which speaks Filipino on a Filipino page', () => {
    renderWithProviders(<SiteFooter />, { pathname: '/fil', locale: 'fil' });
    const footerSwitch = screen.getByTestId('footer-language');
    expect(footerSwitch.getAttribute('href')).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Wika' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Mag-browse' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mga Tuntunin at Kundisyon' }).getAttribute('href')).toBe('/fil/terms');
  });

  it('is not in the studio', () => {
    renderWithProviders(<SiteHeader />, { pathname: '/studio/titles' });
    expect(screen.queryByTestId('header-language')).toBeNull();
  });
});

describe('language offer', () => {
  it('reads the first of the browser languages the site has (Tagalog counts as Filipino)', () => {
    expect(preferredLocale(['tl-PH', 'en'])).toBe('fil');
    expect(preferredLocale(['fil'])).toBe('fil');
    expect(preferredLocale(['ja', 'en-GB', 'fil'])).toBe('en');
    expect(preferredLocale(['ja'])).toBeNull();
  });

  it('offers Filipino on an English page to a Filipino browser, and never again once dismissed', () => {
    setLanguages(['fil-PH', 'en-US']);
    const { unmount } = renderWithProviders(<SiteHeader />, { pathname: '/movie/Lihim-0123456789abcdef01234567?x=1' });
    const offer = screen.getByTestId('language-offer');
    expect(offer.textContent).toContain('Available in Filipino — Tingnan sa Filipino');
    expect(within(offer).getByRole('link', { name: 'Tingnan sa Filipino' }).getAttribute('href')).toBe(
      '/fil/movie/Lihim-0123456789abcdef01234567?x=1',
    );
    fireEvent.click(within(offer).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('language-offer')).toBeNull();
    expect(window.localStorage.getItem(OFFER_DISMISSED_KEY)).toBe('1');
    unmount();
    renderWithProviders(<SiteHeader />, { pathname: '/' });
    expect(screen.queryByTestId('language-offer')).toBeNull();
  });

  it('offers English on a Filipino page to an English browser, and nothing where the page is already the preferred one', () => {
    const { unmount } = renderWithProviders(<SiteHeader />, { pathname: '/fil/about', locale: 'fil' });
    expect(within(screen.getByTestId('language-offer')).getByRole('link', { name: 'View in English' }).getAttribute('href')).toBe('/about');
    unmount();
    renderWithProviders(<SiteHeader />, { pathname: '/about' });
    expect(screen.queryByTestId('language-offer')).toBeNull();
  });
});
