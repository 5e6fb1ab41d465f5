import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { GSI_SCRIPT_URL } from '@/lib/identity/google-one-tap';
import { initialAuthState } from '@/store/auth/slice';
import { initialUiState } from '@/store/ui/slice';
import { OneTap } from './OneTap';

vi.mock('@/lib/identity', async (importOriginal) => ({ ...(await importOriginal<object>()), isIdentityConfigured: vi.fn(() => true) }));
vi.mock('@/lib/identity/firebase', () => ({
  signInWithGoogleIdToken: vi.fn(async () => ({ uid: 'g-1', idToken: 'id', email: 'g@example.ph', name: 'G', image: null, isAnonymous: false })),
  signOutIdentity: vi.fn(async () => undefined),
}));
vi.mock('@/lib/api/auth', () => ({
  authenticateOrRegister: vi.fn(async () => ({
    status: true,
    message: 'ok',
    data: { user: { _id: 'u1', uid: 'g-1', name: 'G', email: 'g@example.ph', image: null, isAnonymous: false, isVip: false }, token: 't' },
  })),
  fetchProfile: vi.fn(),
  retrieveContentPages: vi.fn(),
}));

const firebase = await import('@/lib/identity/firebase');

const gsiScripts = () => [...document.querySelectorAll('script')].filter((s) => s.src === GSI_SCRIPT_URL);
const anonymous = { auth: { ...initialAuthState, status: 'anonymous' as const }, ui: initialUiState };

beforeEach(() => {
  localStorage.clear();
  gsiScripts().forEach((s) => s.remove());
  delete window.google;
});
afterEach(() => vi.clearAllMocks());

describe('OneTap', () => {
  it('loads nothing without a Google client id', () => {
    renderWithProviders(<OneTap clientId="" />, { preloadedState: anonymous });
    expect(gsiScripts()).toHaveLength(0);
  });

  it('loads nothing for logged-in users', () => {
    renderWithProviders(<OneTap clientId="client-1" />, {
      preloadedState: { auth: { ...initialAuthState, status: 'loggedIn' }, ui: initialUiState },
    });
    expect(gsiScripts()).toHaveLength(0);
  });

  it('prompts anonymous users and signs in with the credential', async () => {
    const { store } = renderWithProviders(<OneTap clientId="client-1" />, { preloadedState: anonymous });
    const [script] = gsiScripts();
    expect(script).toBeTruthy();
    let callback: (r: { credential?: string }) => void = () => undefined;
    const id = { initialize: vi.fn((c) => (callback = c.callback)), prompt: vi.fn(), cancel: vi.fn() };
    window.google = { accounts: { id } };
    act(() => script.dispatchEvent(new Event('load')));
    await waitFor(() => expect(id.prompt).toHaveBeenCalled());
    expect(id.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-1' }));
    await act(async () => callback({ credential: 'google-credential' }));
    await waitFor(() => expect(store.getState().auth.status).toBe('loggedIn'));
    expect(firebase.signInWithGoogleIdToken).toHaveBeenCalledWith('google-credential');
    // No longer a guest: the prompt is cancelled.
    expect(id.cancel).toHaveBeenCalled();
  });
});
