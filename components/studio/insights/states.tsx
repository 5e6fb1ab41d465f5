import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/styles';

/** Placeholders of the insights page: a shimmer while loading, the server's message with 'Try again' on failure. */

export function LoadingBlock({ label, className = 'h-64' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`skeleton rounded-2xl ${className}`}>
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function ErrorBlock({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-400/30 bg-red-950/30 p-4 text-sm text-red-100">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className={buttonClass('secondary', 'sm', 'mt-3')} onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Panel({ title, actions, children, id }: { title: string; actions?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-white/10 bg-ink-900/60 p-3 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
