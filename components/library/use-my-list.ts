'use client';

import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { fetchMyList } from '@/store/movies/thunks';
import { selectMyListToLoad } from '@/store/movies/selectors';

/**
 * Loads the viewer's list once per logged-in user (every list flag, the library and the popup read it). Safe to call
 * from many components: the thunk's condition sends one call. One store subscription, to a string or null: every
 * poster card calls this (about 65 on home), and each subscription is set up when the page hydrates and run on every
 * dispatch.
 */
export function useMyListSync(): void {
  const dispatch = useAppDispatch();
  const toLoad = useAppSelector(selectMyListToLoad);
  useEffect(() => {
    if (toLoad !== null) void dispatch(fetchMyList());
  }, [toLoad, dispatch]);
}
