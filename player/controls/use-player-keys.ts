'use client';

import { useEffect, useRef } from 'react';
import { isOwnedByControl, keyAction, type KeyAction } from './keys';

/** The player's keys (keys.ts) on the whole page while the player is mounted; keys typed into a control stay with that control. */
export function usePlayerKeys(onAction: (action: KeyAction) => void, enabled: boolean): void {
  const handler = useRef(onAction);
  useEffect(() => {
    handler.current = onAction;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isOwnedByControl(e.target, e.key)) return;
      const action = keyAction(e);
      if (!action) return;
      // Space would also scroll the page. A held key repeats skips, but not a toggle.
      e.preventDefault();
      if (e.repeat && action !== 'back' && action !== 'forward') return;
      handler.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
