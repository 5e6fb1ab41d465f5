'use client';

import { useEffect, useRef } from 'react';
import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectUser } from '@/store/auth/selectors';
import { fetchSeriesPricing, unlockAllRemaining } from '@/store/coins/thunks';
import { selectCoinBalance, selectIsUnlockingSeries, selectSeriesPricing } from '@/store/coins/selectors';
import { CoinIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { useCoinFormat } from './use-coin-format';

/**
 * What finishing a series costs this viewer, before they pay (issue 11 'prices a viewer can trust'): the episode price
 * in coins and pesos, the locked episodes left ('Finish this series: 4 locked episodes for 36 coins (₱17.64)') and
 * 'Unlock all remaining' at the stated discount, one atomic charge. On the series page and in the locked panel.
 * Nothing shows for a series with no coin-sold episode left to unlock (a premium video is never sold for coins). The
 * bundle shows only when the server offers one (`bundleOffered`: two or more locked episodes, cheaper than one by
 * one); the locked panel, whose offer line already gives the episode's price, shows nothing else.
 */
export function SeriesPriceSummary({
  movieSeriesId,
  variant = 'page',
  onUnlockedAll,
}: {
  movieSeriesId: string;
  variant?: 'page' | 'panel';
  /** After 'Unlock all remaining' succeeded (the locked panel plays the episode on screen). */
  onUnlockedAll?: (unlockedVideoIds: string[]) => void;
}) {
  const dispatch = useAppDispatch();
  const isGuest = useAppSelector(selectIsGuest);
  const userId = useAppSelector(selectUser)?._id ?? null;
  const entry = useAppSelector((s) => selectSeriesPricing(s, movieSeriesId));
  const busy = useAppSelector((s) => selectIsUnlockingSeries(s, movieSeriesId));
  const balance = useAppSelector(selectCoinBalance);
  const pricedFor = useRef<string | null | undefined>(undefined);
  const t = useTranslations('coins.seriesPrice');
  const f = useCoinFormat();

  // The locked set is per viewer: read again when who is watching changes (a guest logging in).
  useEffect(() => {
    const viewer = isGuest ? null : userId;
    const force = pricedFor.current !== undefined && pricedFor.current !== viewer;
    pricedFor.current = viewer;
    void dispatch(fetchSeriesPricing({ movieSeriesId, force }));
  }, [dispatch, movieSeriesId, isGuest, userId]);

  const pricing = entry?.data;
  const panel = variant === 'panel';
  if (!pricing || pricing.lockedCount === 0 || pricing.episodePrice <= 0) return null;
  const bundle = pricing.bundleOffered === true;
  if (panel && !bundle) return null;

  const unlockAll = async () => {
    const result = await dispatch(unlockAllRemaining({ movieSeriesId }));
    if (unlockAllRemaining.fulfilled.match(result)) onUnlockedAll?.(result.payload.unlockedVideoIds);
  };

  const saving = pricing.lockedCoins - pricing.unlockAllCoins;
  return (
    <section
      aria-label={t('label')}
      data-testid="series-price-summary"
      className={clsx(
        'rounded-2xl border border-gold-400/25 text-left',
        panel ? 'relative w-full bg-black/40 p-3 text-sm' : 'mt-6 max-w-xl bg-gold-900/20 p-4 sm:p-5',
      )}
    >
      {panel ? null : (
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          <CoinIcon size={16} className="shrink-0 text-gold-300" />
          <span data-testid="episode-price">
            {t('eachEpisode', { coins: f.coins(pricing.episodePrice), pesos: f.pesos(pricing.episodePriceCentavos) })}
          </span>
        </p>
      )}
      {bundle ? (
        <>
          <p className={clsx('font-semibold', panel ? 'text-white' : 'mt-1.5 text-fg')} data-testid="finish-series">
            {t('finish', { count: pricing.lockedCount, coins: f.coins(pricing.unlockAllCoins), pesos: f.pesos(pricing.unlockAllCentavos) })}
          </p>
          {pricing.discountPercent > 0 && saving > 0 ? (
            <p className={clsx('mt-0.5 text-xs', panel ? 'text-gold-200' : 'text-gold-300')}>
              {t.rich('discount', {
                percent: pricing.discountPercent,
                coins: f.coins(pricing.lockedCoins),
                saving: f.coins(saving),
                old: (chunks) => <s>{chunks}</s>,
              })}
            </p>
          ) : null}
          <button
            type="button"
            disabled={busy}
            onClick={() => void unlockAll()}
            className={buttonClass('vip', 'sm', clsx('mt-3', panel && 'w-full'))}
          >
            {busy ? t('unlocking') : pricing.discountPercent > 0 ? t('unlockAllOff', { percent: pricing.discountPercent }) : t('unlockAll')}
          </button>
        </>
      ) : null}
      {!panel && balance !== null ? <p className="mt-2 text-xs text-fg-subtle">{t('balance', { coins: f.coins(balance) })}</p> : null}
    </section>
  );
}
