'use client';

import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { AppDispatch, RootState } from '@/store/store';

/** Where loading a product's plans stands (the store's request status). */
export type PlanListStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

/**
 * The frame of a product's plan list: `words` names its loading and empty texts and the list's label (the checkout
 * namespace's `plans.{words}`), and its classes and ids.
 */
export type PlanListText = { words: 'vip' | 'coins'; listClassName: string; cardTestId: string; idPrefix: string };

/** A product's first step when it sells plans: where they come from (the store's reads, the loading thunk) and its words. */
export type PlanSource<Plan> = {
  text: PlanListText;
  plans: (state: RootState) => Plan[];
  status: (state: RootState) => PlanListStatus;
  error: (state: RootState) => string | null;
  load: (dispatch: AppDispatch) => void;
};

export type PlanList<Plan> = { plans: Plan[]; status: PlanListStatus; error: string | null; onRetry: () => void };

/** What a product's plan cards are given: the list, the plan whose payment is on its way, and the choice. */
export type PlanCardsProps<Plan> = PlanList<Plan> & { busyPlanId: string | null; onChoose: (plan: Plan) => void };

/** A product's plans, loaded once when the dialog opens (and again on 'Try again'). */
export function usePlanList<Plan>(source: PlanSource<Plan>): PlanList<Plan> {
  const dispatch = useAppDispatch();
  const plans = useAppSelector(source.plans);
  const status = useAppSelector(source.status);
  const error = useAppSelector(source.error);
  const { load } = source;

  useEffect(() => {
    if (status === 'idle') load(dispatch);
  }, [dispatch, load, status]);

  return { plans, status, error, onRetry: () => load(dispatch) };
}
