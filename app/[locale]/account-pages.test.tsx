import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { localeParams } from '@/tests/fixtures/intl-server';
import { initialAuthState } from '@/store/auth/slice';
import WalletPage, { generateMetadata as walletMetadata } from './wallet/page';
import DashboardPage from './dashboard/page';
import LibraryPage, { generateMetadata as libraryMetadata } from './dashboard/library/page';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('next-intl/server', async () => (await import('@/tests/fixtures/intl-server')).nextIntlServerMock);

// A guest whose session is known: nothing is fetched for them.
const guest = { auth: { ...initialAuthState, status: 'anonymous' as const, sessionStatus: 'succeeded' as const } };

describe('wallet, dashboard and library pages', () => {
  it('the wallet page in Filipino: heading, how coins work, description', async () => {
    renderWithProviders(await WalletPage({ params: localeParams('fil') }), { locale: 'fil', preloadedState: guest });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Ang Wallet mo sa /);
    expect(screen.getByRole('heading', { name: 'Paano gumagana ang coins' })).toBeTruthy();
    expect((await walletMetadata({ params: localeParams('fil') })).description).toMatch(/^Ang balanse ng coins mo/);
  });

  it('the wallet page in English', async () => {
    renderWithProviders(await WalletPage({ params: localeParams('en') }), { preloadedState: guest });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Your Wallet at /);
    expect(screen.getByRole('heading', { name: 'How coins work' })).toBeTruthy();
    expect((await walletMetadata({ params: localeParams('en') })).description).toBe('Your coin balance: coins unlock premium episodes. Top up in pesos with a card or an e-wallet.');
  });

  it("the dashboard's heading and a guest's details in Filipino, and in English", async () => {
    const view = renderWithProviders(await DashboardPage({ params: localeParams('fil') }), { locale: 'fil', preloadedState: guest });
    expect(screen.getByRole('heading', { level: 1, name: 'Ang account mo' })).toBeTruthy();
    view.unmount();
    renderWithProviders(await DashboardPage({ params: localeParams('en') }), { preloadedState: guest });
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'You are browsing as a guest' })).toBeTruthy();
  });

  it('the library in Filipino: heading, breadcrumb links under /fil, description; English as before', async () => {
    const view = renderWithProviders(await LibraryPage({ params: localeParams('fil'), searchParams: Promise.resolve({}) }), { locale: 'fil', preloadedState: guest });
    expect(screen.getByRole('heading', { level: 1, name: 'Ang library mo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/fil/dashboard');
    expect((await libraryMetadata({ params: localeParams('fil') })).description).toBe('Ang listahan mo at ang history ng mga pinanood mo: ituloy kung saan ka huminto.');
    view.unmount();
    renderWithProviders(await LibraryPage({ params: localeParams('en'), searchParams: Promise.resolve({}) }), { preloadedState: guest });
    expect(screen.getByRole('heading', { level: 1, name: 'Your library' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });
});
