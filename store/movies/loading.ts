import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '@/store/store';

/**
 * The overall loading flag of spec §4: true while any of the user, search, movies, coin, loading, subscription or
 * premium-video parts is loading. Parts that do not exist yet (coin, subscription, premium video) count once their
 * slice is added, if it keeps `status: 'pending'` or `isLoading: true` like the others.
 */
type LoadingLike = { status?: unknown; isLoading?: unknown; loginStatus?: unknown; pending?: unknown };

const OTHER_PARTS = ['coin', 'loading', 'subscription', 'premiumVideo'] as const;

function partLoading(part: LoadingLike | undefined): boolean {
  if (!part) return false;
  return part.isLoading === true || part.status === 'pending';
}

export const selectIsAnyLoading = createSelector(
  [
    (s: RootState) => s.auth.loginStatus === 'pending' || s.auth.sessionStatus === 'pending',
    (s: RootState) => s.search.status === 'pending',
    (s: RootState) => s.movies.pending > 0,
    (s: RootState) => OTHER_PARTS.some((key) => partLoading((s as unknown as Record<string, LoadingLike | undefined>)[key])),
  ],
  (user, search, movies, others) => user || search || movies || others,
);
