import clsx from 'clsx';
import type { StudioPayment, StudioPaymentStatus } from '@/lib/contracts/studio-payments';
import { formatPesos } from '@/lib/format';

/** Pieces the Payments list and a payment's page share: status and flag badges, amounts, dates, names. */

const STATUS: Record<StudioPaymentStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-500/15 text-amber-200' },
  paid: { label: 'Paid', className: 'bg-emerald-500/15 text-emerald-200' },
  failed: { label: 'Failed', className: 'bg-red-500/15 text-red-200' },
  expired: { label: 'Expired', className: 'bg-white/10 text-fg-muted' },
  cancelled: { label: 'Cancelled', className: 'bg-white/10 text-fg-muted' },
  refunded: { label: 'Refunded', className: 'bg-sky-500/15 text-sky-200' },
};

const pill = 'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function StatusBadge({ payment }: { payment: Pick<StudioPayment, 'status' | 'refundStatus'> }) {
  const s = STATUS[payment.status];
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={clsx(pill, s.className)} data-testid="payment-status">
        {s.label}
      </span>
      {payment.refundStatus === 'pending' ? <span className={clsx(pill, 'bg-sky-500/15 text-sky-200')}>Refund under way</span> : null}
      {payment.refundStatus === 'failed' ? <span className={clsx(pill, 'bg-red-500/15 text-red-200')}>Refund failed</span> : null}
    </span>
  );
}

/** An open flag (waits for a person), a resolved one, or nothing. */
export function FlagBadge({ payment }: { payment: Pick<StudioPayment, 'flagReason' | 'flagOpen'> }) {
  if (!payment.flagReason) return <span className="sr-only">Not flagged</span>;
  return payment.flagOpen ? (
    <span className={clsx(pill, 'bg-red-500/20 text-red-100')} title={payment.flagReason} data-testid="payment-flag">
      <span aria-hidden="true">⚑&nbsp;</span>Flagged
    </span>
  ) : (
    <span className={clsx(pill, 'bg-white/10 text-fg-muted')} title={payment.flagReason}>
      Flag resolved
    </span>
  );
}

export const amountOf = (p: Pick<StudioPayment, 'amountCentavos'>) => formatPesos(p.amountCentavos);
export const buyerOf = (p: Pick<StudioPayment, 'userId' | 'userEmail'>) => (p.userId ? (p.userEmail ?? p.userId) : '(deleted account)');
export const methodOf = (p: Pick<StudioPayment, 'paymentMethod' | 'paymentMethodName'>) => p.paymentMethodName ?? p.paymentMethod ?? '—';
export const KIND_LABEL: Record<StudioPayment['kind'], string> = { vip: 'VIP', coins: 'Coins', premium_video: 'Premium video' };

const dateTime = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' });
const dateTimeSeconds = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Manila' });
export const formatWhen = (iso: string, seconds = false) => (seconds ? dateTimeSeconds : dateTime).format(new Date(iso));
