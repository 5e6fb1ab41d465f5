'use client';

import { useMemo } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Receipt } from '@/lib/contracts/receipts';
import { formatDate, formatDateTime, formatPesos } from '@/lib/format';
import { paymentMethodName } from '@/components/checkout/payment-methods';

/** When the money was taken (a payment refunded before it was ever settled: when it was refunded), as an instant. */
export const receiptInstant = (r: Receipt) => r.paidAt ?? r.refundedAt;

/**
 * A receipt's words and figures in the page's language. Every place that shows a receipt (the dashboard's purchases,
 * the receipt page) reads its date here: lib/format's one purchase format, in Manila time.
 */
export function useReceiptText() {
  const t = useTranslations('dashboard.receipt');
  const locale = useLocale();
  return useMemo(
    () => ({
      date: (r: Receipt) => formatDateTime(receiptInstant(r), locale),
      /** Pesos with two decimals, from the integer centavos when the server sends them. */
      amount: (r: Receipt) => formatPesos(Number.isFinite(r.amountCentavos) ? r.amountCentavos : Math.round(r.amount * 100), locale),
      method: (r: Receipt) => r.paymentMethodName ?? (r.paymentMethod ? paymentMethodName(r.paymentMethod) : '—'),
      /** 'Refunded' or 'Refund in progress' (a badge beside the amount), or null for a plain paid receipt. */
      refundLabel: (r: Receipt): string | null => (r.status === 'refunded' ? t('refunded') : r.refundStatus === 'pending' ? t('refundInProgress') : null),
      /** 'Paid', 'Paid · refund in progress', or 'Refunded on <date>'. */
      status: (r: Receipt): string => {
        if (r.status === 'refunded') {
          const when = formatDateTime(r.refundedAt, locale);
          return when ? t('refundedOn', { date: when }) : t('refunded');
        }
        return r.refundStatus === 'pending' ? t('paidRefundInProgress') : t('paid');
      },
      /** 'VIP valid until': a date, 'Lifetime', or nothing for purchases that are not VIP. */
      vipUntil: (r: Receipt): string | null => {
        if (r.kind !== 'vip') return null;
        if (r.vipLifetime) return t('lifetime');
        return formatDate(r.vipValidUntil, locale) || null;
      },
    }),
    [t, locale],
  );
}

/** One receipt: reference, item, method, amount, date, status (paid or refunded) and, for VIP, how long the access lasts. */
export function ReceiptDetails({ receipt, id }: { receipt: Receipt; id?: string }) {
  const t = useTranslations('dashboard.receipt');
  const text = useReceiptText();
  const rows: { key: string; term: string; value: string | null; time?: string | null }[] = [
    { key: 'reference', term: t('reference'), value: receipt.reference },
    { key: 'item', term: t('item'), value: receipt.item },
    { key: 'method', term: t('method'), value: text.method(receipt) },
    { key: 'amount', term: t('amount'), value: text.amount(receipt) },
    { key: 'date', term: t('date'), value: text.date(receipt), time: receiptInstant(receipt) },
    { key: 'status', term: t('status'), value: text.status(receipt) },
    { key: 'vipUntil', term: t('vipUntil'), value: text.vipUntil(receipt) },
  ];
  return (
    <dl id={id} data-testid="receipt-details" className="grid gap-x-6 gap-y-3 rounded-2xl border border-white/5 bg-ink-950/50 p-4 sm:grid-cols-2">
      {rows
        .filter((row) => row.value)
        .map((row) => (
          <div key={row.key} className="min-w-0">
            <dt className="text-xs font-semibold uppercase tracking-wider text-fg-subtle">{row.term}</dt>
            <dd className={row.key === 'reference' ? 'mt-1 break-all font-mono text-sm text-fg' : 'mt-1 text-sm text-fg'} data-testid={`receipt-${row.key}`}>
              {row.time ? <time dateTime={row.time}>{row.value}</time> : row.value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
