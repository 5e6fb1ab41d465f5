import type { ReactNode } from 'react';
import clsx from 'clsx';

export function EmptyState({
  title,
  children,
  icon,
  action,
  className,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        'flex flex-col items-center rounded-2xl border border-dashed border-white/10 bg-ink-900/60 px-6 py-14 text-center',
        className,
      )}
    >
      {icon ? <div className="mb-4 inline-flex size-14 items-center justify-center rounded-full bg-kilig-600/15 text-kilig-300">{icon}</div> : null}
      <h2 className="text-lg font-semibold text-fg">{title}</h2>
      {children ? <div className="mt-2 max-w-md text-sm leading-relaxed text-fg-muted">{children}</div> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
