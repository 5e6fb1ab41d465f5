'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { ChevronLeftIcon } from '@/components/ui/icons';

/** Each step's heading takes focus when the step appears, so screen readers announce where the buyer is. */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h3 ref={ref} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
      {children}
    </h3>
  );
}

export function BackButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="-ml-2 inline-flex h-9 items-center gap-1 rounded-full px-2 text-sm font-medium text-fg-muted hover:bg-white/10 hover:text-fg"
    >
      <ChevronLeftIcon size={16} />
      {children}
    </button>
  );
}

export const optionClass =
  'group flex w-full items-center gap-3 rounded-2xl border border-white/10 bg-ink-800/60 p-4 text-left transition-colors hover:border-gold-400/50 hover:bg-ink-800 focus-visible:border-gold-400';
