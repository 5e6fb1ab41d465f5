import type { CoinPlan } from '@/lib/contracts/coins';
import { coinsToCentavos } from '@/lib/constants';
import { formatPesos } from '@/lib/format';

/** How coin amounts read next to their peso value (spec §2 top-up, issue 11 'prices a viewer can trust'). */

const count = new Intl.NumberFormat('en-PH');

/** '1,200 coins' / '1 coin'. */
export const coinsLabel = (coins: number) => `${count.format(coins)} ${Math.abs(coins) === 1 ? 'coin' : 'coins'}`;

/** The peso value of `coins` at the reference rate (lib/constants COIN_PESO_RATE): '₱7.35'. */
export const coinPesos = (coins: number) => formatPesos(coinsToCentavos(Math.abs(coins)));

/** A plan's price: '₱49.00'. */
export const planPesos = (plan: Pick<CoinPlan, 'priceCentavos' | 'price'>) =>
  formatPesos(Number.isFinite(plan.priceCentavos) ? plan.priceCentavos : Math.round(plan.price * 100));

/** What one coin of a plan costs, bonus included: '₱0.45 per coin'. */
export function perCoin(plan: Pick<CoinPlan, 'priceCentavos' | 'price' | 'totalCoins'>): string {
  const centavos = Number.isFinite(plan.priceCentavos) ? plan.priceCentavos : Math.round(plan.price * 100);
  if (!plan.totalCoins) return '';
  return `${formatPesos(Math.round(centavos / plan.totalCoins))} per coin`;
}

/** 'Unlock for 15 coins (₱7.35)'. */
export const unlockLabel = (coins: number) => `Unlock for ${coinsLabel(coins)} (${coinPesos(coins)})`;
