/**
 * 'Continue with Google' against the Firebase Auth Emulator without internet: the emulator's account chooser runs in a
 * popup served from our origin (app/auth-emulator/handler); when an account is picked it posts the result to a frame of
 * the opener that has the same origin and the same apiKey/appName query, our relay frame, which passes it up here. The
 * chooser's result carries the account's Google ID token, which Firebase then signs in with as a credential.
 */
const APP_NAME = 'kilig-emulator';
const TIMEOUT_MS = 5 * 60_000;

export class PopupClosedError extends Error {
  readonly code = 'auth/popup-closed-by-user';
  constructor() {
    super('The sign-in window was closed.');
  }
}

export function pickEmulatorGoogleAccount(apiKey: string): Promise<string> {
  const query = new URLSearchParams({ apiKey, appName: APP_NAME });
  const relay = document.createElement('iframe');
  relay.src = `/auth-emulator/relay?${query}`;
  relay.hidden = true;
  relay.title = 'sign-in relay';
  document.body.appendChild(relay);

  const handler = new URLSearchParams({ apiKey, appName: APP_NAME, authType: 'signInViaPopup', providerId: 'google.com', eventId: String(Date.now()), v: '12' });
  const popup = window.open(`/auth-emulator/handler?${handler}`, 'kilig-google-signin', 'popup,width=500,height=640');

  return new Promise<string>((resolve, reject) => {
    const cleanup = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
      clearTimeout(timer);
      relay.remove();
      if (popup && !popup.closed) popup.close();
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.data?.kind !== 'kilig-emulator-auth') return;
      const url = String(e.data.authEvent?.urlResponse ?? '');
      const idToken = new URL(url, window.location.origin).searchParams.get('id_token');
      cleanup();
      if (idToken) resolve(idToken);
      else reject(new Error('The sign-in emulator returned no account.'));
    };
    window.addEventListener('message', onMessage);
    const watch = setInterval(() => {
      if (!popup || popup.closed) {
        cleanup();
        reject(new PopupClosedError());
      }
    }, 500);
    const timer = setTimeout(() => {
      cleanup();
      reject(new PopupClosedError());
    }, TIMEOUT_MS);
  });
}
