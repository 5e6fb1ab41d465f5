'use client';

import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { RootState } from '@/store/store';
import { selectAuthStatus, selectUser } from '@/store/auth/selectors';
import { fetchMyList } from '@/store/movies/thunks';
import { selectMyList } from '@/store/movies/selectors';

/** The user whose list is to be loaded now (logged in, and the list is someone else's or not asked for yet), or null. */
function selectListToLoad(state: RootState): string | null {
  if (selectAuthStatus(state) !== 'loggedIn') return null;
  const userId = selectUser(state)?._id ?? null;
  const list = selectMyList(state);
  return userId !== null && (list.userId !== userId || list.status === 'idle') ? userId : null;
}

/**
 * Loads the viewer's list once per logged-in user (every list flag, the library and the popup read it). Safe to call
 * from many components: the thunk's condition sends one call. One store subscription, to a string or null: every
 * poster card calls this (about 65 on home), and each subscription is set up when the page hydrates and run on every
 * dispatch.
 */
export function useMyListSync(): void {
  const dispatch = useAppDispatch();
  const toLoad = useAppSelector(selectListToLoad);
  useEffect(() => {
    if (toLoad !== null) void dispatch(fetchMyList());
  }, [toLoad, dispatch]);
}
