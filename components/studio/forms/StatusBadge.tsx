import clsx from 'clsx';
import type { PublishState } from '@/lib/contracts/studio-titles';
import { formatManila } from './time';

/** Draft / Scheduled for … / Published: what viewers see of a title or episode (times in Manila). */
export function StatusBadge({ status, at, className }: { status: PublishState; at?: string | null; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        status === 'published' && 'bg-emerald-500/15 text-emerald-300',
        status === 'scheduled' && 'bg-gold-400/15 text-gold-200',
        status === 'draft' && 'bg-white/10 text-fg-muted',
        className,
      )}
    >
      {status === 'published' ? 'Published' : status === 'scheduled' ? `Scheduled for ${at ? formatManila(at) : '…'}` : 'Draft'}
    </span>
  );
}
