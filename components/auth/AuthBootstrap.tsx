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
    void dispatch(restoreSession());
  }, [dispatch]);
  return <OneTap />;
}
