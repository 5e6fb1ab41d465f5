'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true from the first render after. The episode page
 * hydrates late on purpose (after the player's first frame: docs/decisions/0008), and until then its buttons have no
 * handlers: a tap on Next was simply lost (issue 22). So the page's buttons render inert until this is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The attributes of a control that is not ready yet: aria-disabled (assistive technology and Playwright see it as
 * disabled) and the dimmed look of `INERT_CLASS`. Not the `disabled` attribute: focus may rest on it and move on.
 */
export const inertProps = (hydrated: boolean) => (hydrated ? {} : { 'aria-disabled': true as const, 'data-inert': '' });

/** How a control that is not ready yet looks (put on every control that takes `inertProps`). */
export const INERT_CLASS = 'data-[inert]:cursor-progress data-[inert]:opacity-40';
