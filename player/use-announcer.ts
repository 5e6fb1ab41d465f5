'use client';

import { useCallback, useRef, useState } from 'react';

/**
 * State changes for screen readers: render `message` in a polite live region. Repeating the same text (two skips in
 * a row) still announces, because the text alternates with a zero-width space.
 */
export function useAnnouncer(): [string, (message: string) => void] {
  const [message, setMessage] = useState('');
  const flip = useRef(false);
  const announce = useCallback((text: string) => {
    flip.current = !flip.current;
    setMessage(flip.current ? text : `${text}\u200b`);
  }, []);
  return [message, announce];
}
