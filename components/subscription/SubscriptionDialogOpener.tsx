'use client';

import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsVip, selectSessionStatus } from '@/store/auth/selectors';
import { subscriptionDialogClosed, subscriptionDialogOpened } from '@/store/ui/slice';

/**
 * /subscription is where every 'Subscribe Now' leads (header, home, dashboard, the locked-episode panel), and arriving
 * there opens the subscription dialog; its close goes back in history to where the viewer came from (spec §2).
 * Subscribers have no subscribe prompts (spec §6): for them it stays shut. Leaving the page closes it.
 */
export function SubscriptionDialogOpener() {
  const dispatch = useAppDispatch();
  const isVip = useAppSelector(selectIsVip);
  const session = useAppSelector(selectSessionStatus);
  const opened = useRef(false);

  useEffect(() => {
    // Wait for the stored session (read at once on load) so a subscriber does not see the dialog flash open.
    if (opened.current || session === 'idle' || isVip) return;
    opened.current = true;
    dispatch(subscriptionDialogOpened());
  }, [dispatch, isVip, session]);

  useEffect(() => () => void dispatch(subscriptionDialogClosed()), [dispatch]);
  return null;
}
