import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/styles';

/** Where loading a product's plans stands (the store's request status). */
export type PlanListStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

/** A product's list of plans before it can be shown: loading, the error with a retry, or nothing to buy. */
export function PlanListStates({
  status,
  error,
  count,
  loadingText,
  emptyTitle,
  onRetry,
  children,
}: {
  status: PlanListStatus;
  error: string | null;
  count: number;
  loadingText: string;
  emptyTitle: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (status === 'idle' || status === 'pending') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-14 text-sm text-fg-muted">
        <span aria-hidden="true" className="size-8 animate-spin rounded-full border-[3px] border-white/10 border-t-gold-300 motion-reduce:animate-none" />
        {loadingText}
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (count === 0) {
    return (
      <div className="py-12 text-center">
        <h3 className="font-semibold">{emptyTitle}</h3>
        <p className="mt-1 text-sm text-fg-muted">Please check back later for available plans.</p>
      </div>
    );
  }
  return children;
}
