import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { initialUiState } from '@/store/ui/slice';
import { initialsOf, ProfileLink } from './AccountControls';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

const member: AuthUser = { _id: 'u1', uid: 'fb1', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false };
const signedIn = (user: AuthUser) => ({ auth: { ...initialAuthState, status: 'loggedIn' as const, user }, ui: initialUiState });

describe('profile image and hover card', () => {
  it('links the profile image to /dashboard and shows initials when there is no image', () => {
    renderWithProviders(<ProfileLink />, { preloadedState: signedIn(member) });
    const link = screen.getByRole('link', { name: 'Dashboard: Maria Clara, Free Plan' });
    expect(link.getAttribute('href')).toBe('/dashboard');
    // The initials are drawn by CSS: no visible word outside the link's name (axe 'label-content-name-mismatch').
    expect(link.querySelector('[data-initials="MC"]')).not.toBeNull();
    expect(link.textContent).toBe('Maria Clara Free Plan');
    expect(screen.queryByTestId('profile-card')).toBeNull();
  });

  it('opens the card on hover: name, e-mail, Free Plan with Subscribe Now, and the dashboard link', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProfileLink />, { preloadedState: signedIn(member) });
    await user.hover(screen.getByRole('link', { name: /Dashboard:/ }));
    const card = screen.getByTestId('profile-card');
    expect(card.textContent).toContain('maria@example.ph');
    expect(within(card).getByText('Free Plan')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscription');
    expect(within(card).getByRole('link', { name: 'Go to dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('links editors and admins to the studio, and nobody else', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<ProfileLink />, { preloadedState: signedIn(member) });
    await user.hover(screen.getByRole('link', { name: /Dashboard:/ }));
    expect(within(screen.getByTestId('profile-card')).queryByRole('link', { name: 'Open the studio' })).toBeNull();
    unmount();
    renderWithProviders(<ProfileLink />, { preloadedState: signedIn({ ...member, role: 'editor' }) });
    await user.hover(screen.getByRole('link', { name: /Dashboard:/ }));
    expect(within(screen.getByTestId('profile-card')).getByRole('link', { name: 'Open the studio' }).getAttribute('href')).toBe('/studio');
  });

  it("shows subscribers 'Subscribed' with a crown and no subscribe link", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProfileLink />, { preloadedState: signedIn({ ...member, isVip: true, image: 'https://example.ph/me.png' }) });
    await user.hover(screen.getByRole('link', { name: 'Dashboard: Maria Clara, Subscribed' }));
    const card = screen.getByTestId('profile-card');
    expect(within(card).getByText('Subscribed').querySelector('svg')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Subscribe Now' })).toBeNull();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('https://example.ph/me.png');
  });

  it('opens on keyboard focus and closes on Escape', () => {
    renderWithProviders(<ProfileLink />);
    const link = screen.getByRole('link', { name: 'Dashboard: guest, User' });
    fireEvent.focus(link);
    expect(screen.getByTestId('profile-card').textContent).toContain('guest');
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(screen.queryByTestId('profile-card')).toBeNull();
  });

  it('makes initials from names and e-mails', () => {
    expect(initialsOf('Maria Clara Santos')).toBe('MC');
    expect(initialsOf('juan.dela-cruz@example.ph')).toBe('JD');
    expect(initialsOf('')).toBe('');
  });
});
