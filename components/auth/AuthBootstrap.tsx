'use client';

import { useEffect } from 'react';
import { useAppDispatch } from '@/store/hooks';
import { restoreSession } from '@/store/auth/authSlice';
import { OneTap } from './OneTap';

/**
 * On load (spec §4): restores the stored session, fetches the stored user's profile, or signs a new visitor in
 * anonymously; then offers one-tap to guests. Runs once per tab (the thunk's condition guards a second mount).
 */
export function AuthBootstrap() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    // An episode page starting its player (player/boot-script.ts) keeps identity (the Firebase SDK, an anonymous
    // sign-in) off the way to its first frame: it goes right after, or after a few seconds at most.
    const criticalPath = (window as { __kiligCriticalPath?: Promise<void> }).__kiligCriticalPath ?? Promise.resolve();
    void criticalPath.then(() => dispatch(restoreSession()));
  }, [dispatch]);
  return <OneTap />;
}
