'use client';

import { useEffect, useRef } from 'react';
import { isOwnedByControl, keyAction, type KeyAction } from './keys';

/** Spec §2 keys on the whole page while the player is mounted; keys typed into a control stay with that control. */
export function usePlayerKeys(onAction: (action: KeyAction) => void, enabled: boolean): void {
  const handler = useRef(onAction);
  useEffect(() => {
    handler.current = onAction;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isOwnedByControl(e.target)) return;
      const action = keyAction(e);
      if (!action) return;
      e.preventDefault();
      handler.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
