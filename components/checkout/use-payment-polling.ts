'use client';

import { useEffect, useState } from 'react';
import { useAppDispatch } from '@/store/hooks';
import { checkPaymentStatus } from '@/store/subscription/thunks';
import { pollReducer, pollStarted, type PollState } from './flow';

/**
 * Polls check-payment until the payment is settled, on the schedule of the flow's `pollReducer`. `run` changes to
 * start over (the 'Check again' button); `enabled` false waits (no user yet).
 */
export function usePaymentPolling(requestId: string | null, enabled: boolean, run: number): PollState {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<{ key: string; value: PollState } | null>(null);
  const key = `${requestId}:${run}`;

  useEffect(() => {
    if (!requestId || !enabled) return;
    const controller = new AbortController();
    let timer: number | undefined;
    let poll = pollStarted(Date.now());

    const tick = async () => {
      if (poll.phase !== 'checking') return;
      // The first look asks the gateway about a payment still pending (its webhook may be late); later ones only read.
      const result = await dispatch(checkPaymentStatus({ requestId, confirm: poll.checks === 0, signal: controller.signal }));
      if (controller.signal.aborted) return;
      poll = checkPaymentStatus.fulfilled.match(result)
        ? pollReducer(poll, { type: 'answered', check: result.payload, now: Date.now() })
        : pollReducer(poll, { type: 'failed', message: result.payload || 'Payment verification failed', now: Date.now() });
      if (poll.phase === 'checking') timer = window.setTimeout(() => void tick(), poll.wait);
      else setState({ key, value: poll });
    };
    void tick();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [dispatch, requestId, enabled, key]);

  // A result of an earlier run (or another payment) is not this run's.
  return state && state.key === key ? state.value : pollStarted(0);
}
