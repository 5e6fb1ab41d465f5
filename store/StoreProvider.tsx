'use client';

import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore, type RootState } from './store';

/** The store of this page (Redux Toolkit's Next.js guide); server data comes in as `preloadedState`. */
export default function StoreProvider({
  children,
  preloadedState,
}: {
  children: ReactNode;
  preloadedState?: Partial<RootState>;
}) {
  // Created once per mount (a lazy state initializer; Redux Toolkit's guide uses a ref the same way).
  // `serverState`: what the server rendered with (a fresh store), for components that hydrate after the store has
  // moved on (the viewer's list can arrive while a long page is still hydrating). Hydrating with the newer state would
  // not match the server's HTML, and React keeps the server's attributes on a mismatch: a card said 'Add To My List'
  // for a title in the list until something else re-rendered it. With the server's state, the first render matches
  // and React re-renders with the current state right after.
  const [{ store, serverState }] = useState(() => {
    const created = makeStore(preloadedState);
    return { store: created, serverState: created.getState() };
  });
  return (
    <Provider store={store} serverState={serverState}>
      {children}
    </Provider>
  );
}
