import { Link } from '@/i18n/navigation';
import clsx from 'clsx';
import type { ReactNode } from 'react';

const chip = 'inline-flex h-8 shrink-0 items-center whitespace-nowrap rounded-full border px-3.5 text-sm transition-colors';

/** A filter or tag chip that is a link (filters live in the URL, not in client state). */
export function ChipLink({ href, active, children }: { href: string; active?: boolean; children: ReactNode }) {
  return (
    // No prefetch: a filter chip changes only the query of the page it is on, and a prefetched route tree for such a
    // URL (under our language rewrites) let the router keep the page it had: '#Romantic' showed all 17 titles.
    <Link
      href={href}
      prefetch={false}
      aria-current={active ? 'true' : undefined}
      className={clsx(
        chip,
        active
          ? 'border-kilig-400 bg-kilig-600 font-semibold text-white'
          : 'border-white/10 bg-ink-800/70 text-fg-muted hover:border-white/25 hover:text-fg',
      )}
    >
      {children}
    </Link>
  );
}

export function Chip({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={clsx(chip, 'border-white/10 bg-ink-800/70 text-fg-muted', className)}>{children}</span>;
}
