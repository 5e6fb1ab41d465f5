import type { AuthRoot } from '@/store/auth/slice';
import type { MoviesState } from '@/store/movies/slice';
import type { SearchState } from '@/store/search/slice';
import type { RequestStatus } from '@/store/api-thunk';

/**
 * The overall loading flag of spec §4: true while any of the user, search, movies, coin, subscription or premium-video
 * parts is loading. It reads the parts' shapes only, so it adds none of the parts that join the store later.
 */
type Parts = AuthRoot & {
  search: SearchState;
  movies: MoviesState;
  coin?: { inFlight: number };
  subscription?: { plansRequest: { status: RequestStatus }; payment: { status: RequestStatus } };
  premiumVideo?: { inFlight: number };
};

export const selectIsAnyLoading = (s: Parts): boolean =>
  s.auth.loginStatus === 'pending' ||
  s.auth.sessionStatus === 'pending' ||
  s.search.status === 'pending' ||
  s.movies.inFlight > 0 ||
  (s.coin?.inFlight ?? 0) > 0 ||
  s.subscription?.plansRequest.status === 'pending' ||
  s.subscription?.payment.status === 'pending' ||
  (s.premiumVideo?.inFlight ?? 0) > 0;
