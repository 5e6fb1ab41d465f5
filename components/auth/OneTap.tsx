'use client';

import { useEffect } from 'react';
import { publicEnv } from '@/lib/public-env';
import { loadGoogleIdentityServices } from '@/lib/identity/google-one-tap';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsAnonymous } from '@/store/auth/selectors';

/**
 * The one-tap social prompt for anonymous users (spec §2 Top bar). Nothing at all happens without a Google client id:
 * not even the script is requested.
 */
export function OneTap({ clientId = publicEnv.NEXT_PUBLIC_GOOGLE_CLIENT_ID }: { clientId?: string }) {
  const dispatch = useAppDispatch();
  const isAnonymous = useAppSelector(selectIsAnonymous);

  useEffect(() => {
    if (!clientId.trim() || !isAnonymous) return;
    let active = true;
    let shown: { cancel: () => void } | null = null;
    loadGoogleIdentityServices()
      .then((google) => {
        if (!active) return;
        google.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            // The logins load with the first answer (store/auth/login.ts), not with every page.
            if (credential) void import('@/store/auth/login').then(({ loginWithGoogleOneTap }) => dispatch(loginWithGoogleOneTap(credential)));
          },
          auto_select: false,
          cancel_on_tap_outside: true,
          itp_support: true,
          use_fedcm_for_prompt: true,
        });
        google.prompt();
        shown = google;
      })
      .catch((error: unknown) => console.warn('Google one-tap is unavailable', error));
    return () => {
      active = false;
      shown?.cancel();
    };
  }, [clientId, isAnonymous, dispatch]);

  return null;
}
