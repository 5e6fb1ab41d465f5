'use client';

import { useEffect, useState } from 'react';
import type { PaymentCheck } from '@/lib/api/subscription';
import { useAppDispatch } from '@/store/hooks';
import { checkPaymentStatus } from '@/store/subscription/subscriptionSlice';

/**
 * Polls check-payment until the payment is settled. The webhook usually lands within a second or two of the buyer's
 * return, so the first checks come quickly and then back off; after POLL_MAX_MS the page stops and offers to check
 * again (a reconciliation job settles late payments on the server meanwhile).
 */
export const POLL_FIRST_DELAY_MS = 1000;
export const POLL_BACKOFF = 1.5;
export const POLL_MAX_DELAY_MS = 8000;
export const POLL_MAX_MS = 120_000;
/** Errors in a row (network, server) after which polling stops and says so. */
export const POLL_MAX_ERRORS = 3;

export type PollState =
  | { phase: 'checking' }
  | { phase: 'settled'; check: PaymentCheck }
  | { phase: 'timeout' }
  | { phase: 'error'; message: string };

/** Anything but pending is where the payment ends up (paid, failed, expired, cancelled, refunded). */
const settled = (check: PaymentCheck) => check.status !== 'pending';

/** `run` changes to start over (the 'Check again' button); `enabled` false waits (no user yet). */
export function usePaymentPolling(requestId: string | null, enabled: boolean, run: number): PollState {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<{ key: string; value: PollState } | null>(null);
  const key = `${requestId}:${run}`;

  useEffect(() => {
    if (!requestId || !enabled) return;
    const controller = new AbortController();
    let timer: number | undefined;
    const started = Date.now();
    let delay = POLL_FIRST_DELAY_MS;
    let errors = 0;
    let first = true;
    const finish = (value: PollState) => {
      if (!controller.signal.aborted) setState({ key, value });
    };

    const tick = async () => {
      const result = await dispatch(checkPaymentStatus({ requestId, confirm: first, signal: controller.signal }));
      first = false;
      if (controller.signal.aborted) return;
      if (checkPaymentStatus.fulfilled.match(result)) {
        errors = 0;
        if (settled(result.payload)) return finish({ phase: 'settled', check: result.payload });
      } else if (++errors >= POLL_MAX_ERRORS) {
        return finish({ phase: 'error', message: result.payload || 'Payment verification failed' });
      }
      if (Date.now() - started + delay > POLL_MAX_MS) return finish({ phase: 'timeout' });
      timer = window.setTimeout(() => void tick(), delay);
      delay = Math.min(POLL_MAX_DELAY_MS, Math.round(delay * POLL_BACKOFF));
    };
    void tick();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [dispatch, requestId, enabled, key]);

  // A result of an earlier run (or another payment) is not this run's.
  return state && state.key === key ? state.value : { phase: 'checking' };
}
