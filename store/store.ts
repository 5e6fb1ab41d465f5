import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { authSlice } from './auth/authSlice';
import { uiSlice } from './ui/uiSlice';
import { moviesSlice } from './movies/moviesSlice';
import { searchSlice } from './search/searchSlice';
import { subscriptionSlice } from './subscription/subscriptionSlice';
import { coinSlice } from './coins/coinSlice';
import { premiumVideoSlice } from './premium/premiumVideoSlice';

/** Feature slices: each lives in store/<feature>/<feature>Slice.ts; add new ones to this list. */
const rootReducer = combineSlices(uiSlice, authSlice, moviesSlice, searchSlice, subscriptionSlice, coinSlice, premiumVideoSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** One store per request / per browser tab (never a module-level singleton: it would leak users' data on the server). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
