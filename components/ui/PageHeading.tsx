import type { ReactNode } from 'react';
import clsx from 'clsx';

/** The h1 block at the top of a content page. */
export function PageHeading({
  eyebrow,
  title,
  children,
  className,
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx('pb-6 pt-8 md:pb-8 md:pt-12', className)}>
      {eyebrow ? (
        <p className="mb-2 text-xs font-semibold uppercase tracking-[0.2em] text-kilig-300">{eyebrow}</p>
      ) : null}
      <h1 className="text-balance font-display text-3xl font-bold tracking-tight text-fg md:text-5xl">{title}</h1>
      {children ? <div className="mt-3 max-w-2xl text-base leading-relaxed text-fg-muted">{children}</div> : null}
    </div>
  );
}
