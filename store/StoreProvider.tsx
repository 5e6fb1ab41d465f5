'use client';

import { useRef, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore, type AppStore, type RootState } from './store';

/** Creates the store once per mount (Redux Toolkit's Next.js guide); server data comes in as `preloadedState`. */
export default function StoreProvider({
  children,
  preloadedState,
}: {
  children: ReactNode;
  preloadedState?: Partial<RootState>;
}) {
  const storeRef = useRef<AppStore | null>(null);
  if (storeRef.current === null) {
    storeRef.current = makeStore(preloadedState);
  }
  // Redux Toolkit's Next.js pattern: the ref is written once (lazy init above) and never changes afterwards, so
  // reading it while rendering cannot show a stale value.
  // eslint-disable-next-line react-hooks/refs
  return <Provider store={storeRef.current}>{children}</Provider>;
}
