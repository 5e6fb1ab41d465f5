import type { Receipt } from '@/lib/contracts/receipts';
import { formatPesos } from '@/lib/format';
import { paymentMethodName } from '@/components/checkout/payment-methods';

const dateTime = new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Manila' });
const dateOnly = new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'Asia/Manila' });

function format(iso: string | null | undefined, f: Intl.DateTimeFormat): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : f.format(d);
}

/** When the money was taken; a payment refunded before it was ever settled shows when it was refunded. */
export const receiptDate = (r: Receipt) => format(r.paidAt ?? r.refundedAt, dateTime) ?? '';

/** 'Refunded' or 'Refund in progress' (a badge beside the amount), or null for a plain paid receipt. */
export function receiptRefundLabel(r: Receipt): string | null {
  if (r.status === 'refunded') return 'Refunded';
  if (r.refundStatus === 'pending') return 'Refund in progress';
  return null;
}

/** The receipt's status line: 'Paid', 'Refund in progress', or 'Refunded on <date>'. */
function receiptStatus(r: Receipt): string {
  if (r.status === 'refunded') {
    const when = format(r.refundedAt, dateTime);
    return when ? `Refunded on ${when}` : 'Refunded';
  }
  return r.refundStatus === 'pending' ? 'Paid · refund in progress' : 'Paid';
}
/** Pesos with two decimals, from the integer centavos when the server sends them. */
export const receiptAmount = (r: Receipt) => formatPesos(Number.isFinite(r.amountCentavos) ? r.amountCentavos : Math.round(r.amount * 100));
export const receiptMethod = (r: Receipt) => r.paymentMethodName ?? (r.paymentMethod ? paymentMethodName(r.paymentMethod) : '—');

/** 'VIP valid until': a date, 'Lifetime', or nothing for purchases that are not VIP. */
export function receiptVipUntil(r: Receipt): string | null {
  if (r.kind !== 'vip') return null;
  if (r.vipLifetime) return 'Lifetime';
  return format(r.vipValidUntil, dateOnly);
}

/** One receipt: reference, item, method, amount, date, status (paid or refunded) and, for VIP, how long the access lasts. */
export function ReceiptDetails({ receipt, id }: { receipt: Receipt; id?: string }) {
  const rows: [string, string | null][] = [
    ['Reference', receipt.reference],
    ['Item', receipt.item],
    ['Payment method', receiptMethod(receipt)],
    ['Amount', receiptAmount(receipt)],
    ['Date', receiptDate(receipt)],
    ['Status', receiptStatus(receipt)],
    ['VIP valid until', receiptVipUntil(receipt)],
  ];
  return (
    <dl id={id} data-testid="receipt-details" className="grid gap-x-6 gap-y-3 rounded-2xl border border-white/5 bg-ink-950/50 p-4 sm:grid-cols-2">
      {rows
        .filter(([, value]) => value)
        .map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs font-semibold uppercase tracking-wider text-fg-subtle">{term}</dt>
            <dd className={term === 'Reference' ? 'mt-1 break-all font-mono text-sm text-fg' : 'mt-1 text-sm text-fg'}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
