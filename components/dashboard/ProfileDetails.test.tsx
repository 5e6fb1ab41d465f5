import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { initialAuthState } from '@/store/auth/slice';
import { initialUiState } from '@/store/ui/slice';
import { ProfileCard } from './ProfileCard';
import { ProfileDetails } from './ProfileDetails';

describe('ProfileDetails', () => {
  it("says 'Free Plan' once on the dashboard for a signed-in member (the card and the details together)", () => {
    const user = { _id: 'u1', uid: 'fb1', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false };
    renderWithProviders(
      <>
        <ProfileCard />
        <ProfileDetails />
      </>,
      { preloadedState: { auth: { ...initialAuthState, status: 'loggedIn', sessionStatus: 'succeeded', user }, ui: initialUiState } },
    );
    expect(screen.getAllByText('Free Plan')).toHaveLength(1);
  });

  it("shows the signed-in user's profile from the store", () => {
    renderWithProviders(<ProfileDetails />, {
      preloadedState: {
        auth: {
          ...initialAuthState,
          status: 'loggedIn',
          sessionStatus: 'succeeded',
          user: {
            _id: 'u1',
            uid: 'fb1',
            name: 'Maria Clara',
            email: 'maria@example.ph',
            image: null,
            isAnonymous: false,
            isVip: true,
            loginType: 2,
            coins: 1250,
            vipLifetime: true,
            createdAt: '2025-03-01T04:00:00.000Z',
          },
        },
        ui: initialUiState,
      },
    });
    const details = screen.getByTestId('profile-details');
    for (const text of ['maria@example.ph', 'Google', 'Subscribed (lifetime)', '1,250', 'March 1, 2025']) expect(details.textContent).toContain(text);
  });

  it('tells guests they are browsing as a guest once the session is known', () => {
    renderWithProviders(<ProfileDetails />, { preloadedState: { auth: { ...initialAuthState, status: 'anonymous', sessionStatus: 'succeeded' }, ui: initialUiState } });
    expect(screen.getByRole('heading', { name: 'You are browsing as a guest' })).toBeTruthy();
  });

  it('speaks Filipino on a Filipino page: rows, plan and dates', () => {
    renderWithProviders(<ProfileDetails />, {
      locale: 'fil',
      preloadedState: {
        auth: {
          ...initialAuthState,
          status: 'loggedIn',
          sessionStatus: 'succeeded',
          user: {
            _id: 'u1',
            uid: 'fb1',
            name: 'Maria Clara',
            email: 'maria@example.ph',
            image: null,
            isAnonymous: false,
            isVip: true,
            loginType: 5,
            coins: 1250,
            vipExpiresAt: '2026-03-31T17:00:00.000Z',
            createdAt: '2025-03-01T04:00:00.000Z',
          },
        },
        ui: initialUiState,
      },
    });
    expect(screen.getByRole('heading', { name: 'Detalye ng account' })).toBeTruthy();
    const pairs = [...screen.getByTestId('profile-details').querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Pangalan', 'Maria Clara'],
      ['Email', 'maria@example.ph'],
      ['Naka-sign in gamit ang', 'Email at password'],
      // 17:00 UTC on March 31 is April 1 in Manila.
      ['Plan', 'Naka-subscribe hanggang Abril 1, 2026'],
      ['Coins', '1,250'],
      ['Miyembro mula', 'Marso 1, 2025'],
    ]);
  });
});

