'use client';

import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectAuthStatus, selectUser } from '@/store/auth/selectors';
import { fetchMyList } from '@/store/movies/thunks';
import { selectMyList } from '@/store/movies/selectors';

/**
 * Loads the viewer's list once per logged-in user (every list flag, the library and the popup read it). Safe to call
 * from many components: the thunk's condition sends one call.
 */
export function useMyListSync(): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const userId = useAppSelector(selectUser)?._id ?? null;
  const list = useAppSelector(selectMyList);
  const needed = status === 'loggedIn' && userId !== null && (list.userId !== userId || list.status === 'idle');
  useEffect(() => {
    if (needed) void dispatch(fetchMyList());
  }, [needed, userId, dispatch]);
}
