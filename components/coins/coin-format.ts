import type { CoinPlan } from '@/lib/contracts/coins';
import type { Locale } from '@/i18n/routing';
import { coinsToCentavos } from '@/lib/constants';
import { formatPesos } from '@/lib/format';

/**
 * Coin amounts' peso values (spec §2 top-up, issue 11 'prices a viewer can trust'). Components say coin amounts
 * through useCoinFormat() (use-coin-format.ts), in the page's language.
 */

type PricedPlan = Pick<CoinPlan, 'priceCentavos' | 'price'>;

/** A plan's price in centavos (older answers carry only pesos). */
export const planCentavos = (plan: PricedPlan) => (Number.isFinite(plan.priceCentavos) ? plan.priceCentavos : Math.round(plan.price * 100));

/** What one coin of a plan costs, bonus included, in centavos; null for a plan without coins. */
export const perCoinCentavos = (plan: PricedPlan & Pick<CoinPlan, 'totalCoins'>) => (plan.totalCoins ? Math.round(planCentavos(plan) / plan.totalCoins) : null);

/** The peso value of `coins` at the reference rate (lib/constants COIN_PESO_RATE): '₱7.35'. */
export const coinPesos = (coins: number, locale: Locale = 'en') => formatPesos(coinsToCentavos(Math.abs(coins)), locale);

/** A plan's price: '₱49.00'. */
export const planPesos = (plan: PricedPlan, locale: Locale = 'en') => formatPesos(planCentavos(plan), locale);
