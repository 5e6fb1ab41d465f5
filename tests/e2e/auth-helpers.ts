import type { APIRequestContext, Page } from '@playwright/test';

/**
 * A real logged-in viewer for e2e tests, made through the real backend: an e-mail account in the Firebase Auth
 * Emulator (its REST API, the same call the browser SDK makes), then the product login (authenticateOrRegister) with
 * its ID token. `loginAs` puts what a login stores (isAuth, user, token) into local storage before the first page
 * loads, so the app restores the session exactly as after a reload.
 */

const EMULATOR = process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';
const FIREBASE_API_KEY = process.env.NEXT_PUBLIC_FIREBASE_API_KEY ?? 'demo-api-key';
export const API_KEY = process.env.NEXT_PUBLIC_API_KEY ?? 'kilig-demo-api-key';

export type Viewer = { user: { _id: string; name: string; email: string | null } & Record<string, unknown>; token: string; email: string };

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

export async function createViewer(request: APIRequestContext, name = 'Catalogue Tester'): Promise<Viewer> {
  const email = `catalog-${unique()}@example.ph`;
  const signUp = await request.post(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${FIREBASE_API_KEY}`, {
    data: { email, password: 'kilig-pass-123', displayName: name, returnSecureToken: true },
  });
  if (!signUp.ok()) throw new Error(`emulator sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const { idToken, localId } = (await signUp.json()) as { idToken: string; localId: string };
  const login = await request.post('/api/client/user/authenticateOrRegister', {
    headers: { key: API_KEY, authorization: `Bearer ${idToken}` },
    data: { loginType: 5, identity: localId, email, name, image: null },
  });
  if (!login.ok()) throw new Error(`authenticateOrRegister failed: ${login.status()} ${await login.text()}`);
  const body = (await login.json()) as { data: { user: Viewer['user']; token: string } };
  return { user: body.data.user, token: body.data.token, email };
}

/** Stores the viewer's login in this page's local storage before any script of the app runs. */
export async function loginAs(page: Page, viewer: Viewer): Promise<void> {
  await page.addInitScript(
    ({ user, token }) => {
      window.localStorage.setItem('isAuth', 'true');
      window.localStorage.setItem('user', JSON.stringify(user));
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('loginType', '5');
    },
    { user: viewer.user, token: viewer.token },
  );
}

/** Calls the backend as this viewer (setting up state the way the UI would). */
export function asViewer(viewer: Viewer) {
  return { key: API_KEY, authorization: `Bearer ${viewer.token}` };
}
