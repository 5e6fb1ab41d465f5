import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { authSlice } from './auth/slice';
import { listenerMiddleware } from './listeners';
import { moviesSlice } from './movies/slice';
import { searchSlice } from './search/slice';
import { uiSlice } from './ui/slice';

/**
 * Parts of the store only some pages use (coins, VIP subscription, premium videos), added by their own module when
 * code that needs them loads (`slice.injectInto(rootReducer)` in store/<feature>/slice.ts, which the feature's thunks
 * import), so every other page's first load carries neither them nor their API calls. Each one adds itself to this
 * interface.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging (Redux Toolkit's combineSlices guide)
export interface LazyLoadedSlices {}

/** Feature slices every page uses: each lives in store/<feature>/slice.ts. */
export const rootReducer = combineSlices(uiSlice, authSlice, moviesSlice, searchSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** One store per request / per browser tab (never a module-level singleton: it would leak users' data on the server). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    // The listeners show what the requests did (toasts, dialogs); see store/listeners.ts.
    middleware: (getDefault) => getDefault().prepend(listenerMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
