'use client';

import { useMemo } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { CoinPlan } from '@/lib/contracts/coins';
import { formatNumber, formatPesos } from '@/lib/format';
import { coinPesos, perCoinCentavos, planPesos } from './coin-format';

/**
 * Coin amounts and their peso values in the page's language: '1,200 coins' / '1,200 coins', 'Unlock for 15 coins
 * (₱7.35)' / 'I-unlock sa 15 coins (₱7.35)'. For every component that shows coins (the locked panel included).
 */
export function useCoinFormat() {
  const t = useTranslations('coins.format');
  const locale = useLocale();
  return useMemo(() => {
    const coins = (count: number) => t('coins', { count });
    return {
      /** '1,200 coins' / '1 coin'. */
      coins,
      /** A count alone: '1,200'. */
      number: (n: number) => formatNumber(n, locale),
      /** Centavos as pesos: '₱49.00'. */
      pesos: (centavos: number) => formatPesos(centavos, locale),
      /** The peso value of `count` coins at the reference rate: '₱7.35'. */
      coinPesos: (count: number) => coinPesos(count, locale),
      /** A plan's price: '₱49.00'. */
      planPesos: (plan: Pick<CoinPlan, 'priceCentavos' | 'price'>) => planPesos(plan, locale),
      /** '₱0.45 per coin', bonus included; '' for a plan without coins. */
      perCoin: (plan: Pick<CoinPlan, 'priceCentavos' | 'price' | 'totalCoins'>) => {
        const centavos = perCoinCentavos(plan);
        return centavos === null ? '' : t('perCoin', { pesos: formatPesos(centavos, locale) });
      },
      /** 'Unlock for 15 coins (₱7.35)'. */
      unlock: (count: number) => t('unlockFor', { coins: coins(count), pesos: coinPesos(count, locale) }),
    };
  }, [t, locale]);
}
