'use client';

import { useEffect, useState } from 'react';
import { isCanceled } from '@/lib/api/errors';
import { studioAccessError, studioErrorMessage } from '@/lib/api/studio';

export type DataState<T> =
  | { status: 'loading' }
  | { status: 'failed'; message: string; forbidden: boolean }
  | { status: 'succeeded'; data: T };

/**
 * One studio call's state, fetched again when `key` changes (the previous call is aborted, so a slow answer for an old
 * range never replaces a newer one). `retry` fetches again after a failure.
 */
export function useStudioData<T>(key: string, load: (signal: AbortSignal) => Promise<T>, enabled = true): DataState<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; value: DataState<T> } | null>(null);
  const fullKey = `${key}#${attempt}`;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ key: fullKey, value: { status: 'succeeded', data } }),
      (err: unknown) => {
        if (isCanceled(err)) return;
        setState({ key: fullKey, value: { status: 'failed', message: studioErrorMessage(err), forbidden: studioAccessError(err) === 'forbidden' } });
      },
    );
    return () => controller.abort();
    // `load` is a new function each render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullKey, enabled]);

  const value: DataState<T> = state?.key === fullKey ? state.value : { status: 'loading' };
  return { ...value, retry: () => setAttempt((n) => n + 1) };
}
