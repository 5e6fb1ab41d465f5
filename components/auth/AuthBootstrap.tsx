'use client';

import { useEffect } from 'react';
import { afterLoadAndIdle } from '@/lib/after-load';
import { useAppDispatch } from '@/store/hooks';
import { restoreSession } from '@/store/auth/thunks';
import { readStoredSession } from '@/lib/session';
import { OneTap } from './OneTap';

/**
 * On load (spec §4): restores the stored session, fetches the stored user's profile, or signs a new visitor in
 * anonymously; then offers one-tap to guests. Runs once per tab (the thunk's condition guards a second mount).
 *
 * A first visit (nothing stored) is signed in anonymously once the page has loaded and gone idle: that sign-in needs
 * the Firebase SDK (its download, parse and calls), which would otherwise compete with hydration and the first paint
 * on a phone. Nothing on the page waits for it (a guest browses as a guest either way; the login dialog loads the SDK
 * itself). A returning visitor's stored session is restored at once (the header shows who is signed in).
 */
export function AuthBootstrap() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    // An episode page starting its player (player/engine/page-start.ts) keeps identity (the Firebase SDK, an anonymous
    // sign-in) off the way to its first frame: it goes right after, or after a few seconds at most.
    const criticalPath = (window as { __kiligCriticalPath?: Promise<void> }).__kiligCriticalPath ?? Promise.resolve();
    const stored = readStoredSession();
    const firstVisit = stored.rawUser === null && !stored.anonymousUser;
    void criticalPath.then(() => (firstVisit ? afterLoadAndIdle() : undefined)).then(() => dispatch(restoreSession()));
  }, [dispatch]);
  return <OneTap />;
}
