'use client';

import Link from 'next/link';
import { useEffect, useId, useState } from 'react';
import { useLocale } from 'next-intl';
import { formatDateTime, formatPesos } from '@/lib/format';
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
  const isGuest = useAppSelector(selectIsGuest);
  const userId = useAppSelector(selectUser)?._id ?? null;
  const purchases = useAppSelector(selectPremiumPurchases);
  const pagination = useAppSelector(selectPremiumPurchasesPagination);
  const status = useAppSelector(selectPremiumPurchasesStatus);
  const error = useAppSelector(selectPremiumPurchasesError);
  const [page, setPage] = useState(1);
  const baseId = useId();
  const locale = useLocale();
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
        My videos
      </h2>
      <p className="mt-1 text-sm text-fg-muted">Premium videos you bought: yours to watch any time.</p>
      <div className="mt-4" aria-busy={status === 'pending'}>
        {status === 'failed' ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-red-300">
              {error}
            </p>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void dispatch(fetchMyPremiumPurchases({ page }))}>
              Try again
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
                  aria-label={`Watch ${p.title}`}
                >
                  <PlayIcon size={16} /> Watch
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      {totalPages > 1 ? (
        <nav aria-label="My videos pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          <button type="button" className={buttonClass('ghost', 'sm')} disabled={page <= 1 || status === 'pending'} onClick={() => setPage((n) => n - 1)}>
            Previous
          </button>
          <span className="text-fg-muted">
            Page {pagination?.currentPage ?? page} of {totalPages}
          </span>
          <button type="button" className={buttonClass('ghost', 'sm')} disabled={page >= totalPages || status === 'pending'} onClick={() => setPage((n) => n + 1)}>
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}
