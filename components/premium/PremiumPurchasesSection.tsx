'use client';

import { useEffect, useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { formatDateTime, formatPesos } from '@/lib/format';
import { useMessageText } from '@/lib/message-text';
import { episodeHref } from '@/lib/routes';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectUser } from '@/store/auth/selectors';
import { fetchMyPremiumPurchases } from '@/store/premium/thunks';
import { selectPremiumPurchases, selectPremiumPurchasesError, selectPremiumPurchasesPagination, selectPremiumPurchasesStatus } from '@/store/premium/selectors';
import { PlayIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';

/**
 * 'My videos' in the dashboard: the premium videos this user bought (GET premiumVideo/my-purchases, 10 a page),
 * each with its price, date and a Watch link. Hidden for guests and for users who bought none.
 */
export function PremiumPurchasesSection() {
  const dispatch = useAppDispatch();
  const t = useTranslations('premium.purchases');
  const locale = useLocale();
  const errorText = useMessageText();
  const isGuest = useAppSelector(selectIsGuest);
  const userId = useAppSelector(selectUser)?._id ?? null;
  const purchases = useAppSelector(selectPremiumPurchases);
  const pagination = useAppSelector(selectPremiumPurchasesPagination);
  const status = useAppSelector(selectPremiumPurchasesStatus);
  const error = useAppSelector(selectPremiumPurchasesError);
  const [page, setPage] = useState(1);
  const baseId = useId();
  const signedIn = !isGuest && userId !== null;

  useEffect(() => {
    if (signedIn) void dispatch(fetchMyPremiumPurchases({ page }));
  }, [dispatch, signedIn, userId, page]);

  if (!signedIn) return null;
  // Nothing bought: the section stays out of the way (the Purchases list above shows every payment anyway).
  if (status === 'succeeded' && purchases.length === 0 && page === 1) return null;
  if (status === 'idle' || (status === 'pending' && purchases.length === 0)) return null;
  const totalPages = pagination?.totalPages ?? 1;

  return (
    <section aria-labelledby={`${baseId}-title`} className="rounded-3xl border border-white/5 bg-ink-900/70 p-6 md:p-8" data-testid="premium-purchases">
      <h2 id={`${baseId}-title`} className="font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t('intro')}</p>
      <div className="mt-4" aria-busy={status === 'pending'}>
        {status === 'failed' ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-red-300">
              {error ? errorText(error) : null}
            </p>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void dispatch(fetchMyPremiumPurchases({ page }))}>
              {t('tryAgain')}
            </button>
          </div>
        ) : (
          <ul className="divide-y divide-white/5">
            {purchases.map((p) => (
              <li key={p._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="premium-purchase">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{p.title}</span>
                  <span className="block text-xs text-fg-muted">
                    {formatDateTime(p.purchasedAt, locale)} · {formatPesos(p.priceCentavos, locale)}
                  </span>
                </span>
                <Link
                  href={episodeHref({ _id: p.movieSeries._id, name: p.movieSeries.name }, p.episodeNumber)}
                  className={buttonClass('secondary', 'sm')}
                  aria-label={t('watchTitle', { title: p.title })}
                >
                  <PlayIcon size={16} /> {t('watch')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      {totalPages > 1 ? (
        <nav aria-label={t('pages')} className="mt-4 flex items-center justify-between gap-3 text-sm">
          <button type="button" className={buttonClass('ghost', 'sm')} disabled={page <= 1 || status === 'pending'} onClick={() => setPage((n) => n - 1)}>
            {t('previous')}
          </button>
          <span className="text-fg-muted">{t('page', { page: pagination?.currentPage ?? page, total: totalPages })}</span>
          <button type="button" className={buttonClass('ghost', 'sm')} disabled={page >= totalPages || status === 'pending'} onClick={() => setPage((n) => n + 1)}>
            {t('next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
