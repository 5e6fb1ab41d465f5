import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { authSlice } from './auth/authSlice';
import { uiSlice } from './ui/uiSlice';
import { moviesSlice } from './movies/moviesSlice';
import { searchSlice } from './search/searchSlice';

/**
 * Parts of the store only some pages use (coins, VIP subscription, premium videos), added by their own module when
 * code that needs them loads (`slice.injectInto(rootReducer)` in store/<feature>/<feature>Slice.ts), so every other
 * page's first load carries neither them nor their API calls. Each one adds itself to this interface.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging (Redux Toolkit's combineSlices guide)
export interface LazyLoadedSlices {}

/** Feature slices every page uses: each lives in store/<feature>/<feature>Slice.ts. */
export const rootReducer = combineSlices(uiSlice, authSlice, moviesSlice, searchSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** One store per request / per browser tab (never a module-level singleton: it would leak users' data on the server). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
