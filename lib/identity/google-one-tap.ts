/**
 * Google Identity Services (one-tap). The script is loaded only when a Google client id is configured and a guest is
 * on the page; the credential it returns is a Google ID token, signed in with through Firebase.
 */
export const GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

export type OneTapCredential = { credential?: string };

export type GoogleAccountsId = {
  initialize: (config: {
    client_id: string;
    callback: (response: OneTapCredential) => void;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    itp_support?: boolean;
    use_fedcm_for_prompt?: boolean;
  }) => void;
  prompt: () => void;
  cancel: () => void;
};

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let loading: Promise<GoogleAccountsId> | null = null;

export function loadGoogleIdentityServices(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const api = window.google?.accounts?.id;
      if (api) resolve(api);
      else reject(new Error('Google Identity Services did not load.'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded.'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null; // let a later visit try again
    throw error;
  });
  return loading;
}
