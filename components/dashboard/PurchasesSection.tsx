'use client';

import { useEffect, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { receiptHref, subscriptionHref } from '@/lib/routes';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectIsVip, selectUser } from '@/store/auth/selectors';
import { fetchReceipts } from '@/store/subscription/thunks';
import { selectReceipts, selectReceiptsError, selectReceiptsPagination, selectReceiptsStatus } from '@/store/subscription/selectors';
import { ChevronDownIcon, CrownIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { ReceiptDetails, receiptInstant, useReceiptText } from './ReceiptDetails';

/**
 * The dashboard's purchases list (issue 10 item 8): every paid payment, newest first, each opening its receipt; a
 * refunded one says so (issue 20).
 * Signed-in users only; guests have no purchases (spec §6).
 */
export function PurchasesSection() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const isGuest = useAppSelector(selectIsGuest);
  const isVip = useAppSelector(selectIsVip);
  const receipts = useAppSelector(selectReceipts);
  const pagination = useAppSelector(selectReceiptsPagination);
  const status = useAppSelector(selectReceiptsStatus);
  const error = useAppSelector(selectReceiptsError);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const baseId = useId();
  const t = useTranslations('dashboard.purchases');
  const text = useReceiptText();
  const userId = !isGuest ? (user?._id ?? null) : null;

  useEffect(() => {
    if (userId) void dispatch(fetchReceipts({ page }));
  }, [dispatch, userId, page]);

  if (!userId) return null;
  const totalPages = pagination?.totalPages ?? 1;

  return (
    <section aria-labelledby={`${baseId}-title`} className="rounded-3xl border border-white/5 bg-ink-900/70 p-6 md:p-8" data-testid="purchases">
      <h2 id={`${baseId}-title`} className="font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t('intro')}</p>

      <div className="mt-4" aria-busy={status === 'pending'}>
        {status === 'idle' || (status === 'pending' && receipts.length === 0) ? (
          <p role="status" className="text-sm text-fg-muted">
            {t('loading')}
          </p>
        ) : status === 'failed' ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-red-300">
              {error}
            </p>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void dispatch(fetchReceipts({ page }))}>
              {t('tryAgain')}
            </button>
          </div>
        ) : receipts.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-white/10 px-5 py-8 text-center">
            <p className="font-semibold">{t('emptyTitle')}</p>
            <p className="mt-1 text-sm text-fg-muted">{t('emptyText')}</p>
            {isVip ? null : (
              <Link href={subscriptionHref()} className={buttonClass('vip', 'sm', 'mt-4')}>
                <CrownIcon size={16} /> {t('subscribeNow')}
              </Link>
            )}
          </div>
        ) : (
          <ul className="divide-y divide-white/5">
            {receipts.map((r) => {
              const expanded = open === r._id;
              const detailsId = `${baseId}-${r._id}`;
              const refund = text.refundLabel(r);
              const when = receiptInstant(r);
              return (
                <li key={r._id} className="py-3" data-testid="purchase">
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={detailsId}
                    onClick={() => setOpen(expanded ? null : r._id)}
                    className="flex w-full flex-wrap items-center gap-x-4 gap-y-1 rounded-xl px-2 py-2 text-left hover:bg-white/5"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">{r.item}</span>
                      <span className="block text-xs text-fg-muted" data-testid="purchase-date">
                        {when ? <time dateTime={when}>{text.date(r)}</time> : null}
                      </span>
                    </span>
                    {refund ? (
                      <span data-testid="purchase-refund" className="rounded-full bg-sky-500/15 px-2.5 py-0.5 text-xs font-semibold text-sky-200">
                        {refund}
                      </span>
                    ) : null}
                    <span className={r.status === 'refunded' ? 'font-semibold tabular-nums text-fg-muted line-through' : 'font-semibold tabular-nums'}>
                      {r.status === 'refunded' ? <span className="sr-only">{t('refundedPrefix')}</span> : null}
                      {text.amount(r)}
                    </span>
                    <span className="inline-flex items-center gap-1 text-xs font-semibold text-kilig-300">
                      {expanded ? t('hideReceipt') : t('viewReceipt')}
                      <ChevronDownIcon size={14} className={expanded ? 'rotate-180' : undefined} />
                    </span>
                  </button>
                  {expanded ? (
                    <div className="mt-2">
                      <ReceiptDetails receipt={r} id={detailsId} />
                      <Link href={receiptHref(r._id)} className="mt-2 inline-flex min-h-6 items-center px-2 text-xs font-semibold text-kilig-300 underline-offset-2 hover:underline">
                        {t('openReceipt')}
                      </Link>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>

      {totalPages > 1 ? (
        <nav aria-label={t('pagesLabel')} className="mt-4 flex items-center justify-between gap-3 text-sm">
          <button type="button" className={buttonClass('ghost', 'sm')} disabled={page <= 1 || status === 'pending'} onClick={() => setPage((p) => p - 1)}>
            {t('previous')}
          </button>
          <span className="text-fg-muted">
            {t('pageOf', { page: pagination?.currentPage ?? page, total: totalPages })}
          </span>
          <button
            type="button"
            className={buttonClass('ghost', 'sm')}
            disabled={page >= totalPages || status === 'pending'}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
