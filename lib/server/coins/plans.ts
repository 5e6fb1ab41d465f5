import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { CoinPlan } from '@/lib/contracts/coins';
import type { DbOrTx } from '@/lib/server/db/client';
import { coinPlans } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';

export type CoinPlanRow = typeof coinPlans.$inferSelect;

export const totalCoinsOf = (p: Pick<CoinPlanRow, 'coins' | 'bonusCoins'>) => p.coins + p.bonusCoins;

export function toCoinPlan(p: CoinPlanRow): CoinPlan {
  const totalCoins = totalCoinsOf(p);
  return {
    _id: p.id,
    coins: p.coins,
    bonusCoins: p.bonusCoins,
    totalCoins,
    price: p.priceCentavos / 100,
    priceCentavos: p.priceCentavos,
    currency: 'PHP',
    centavosPerCoin: Math.round((p.priceCentavos / totalCoins) * 100) / 100,
  };
}

/** What a buyer reads for a plan on the gateway's page: '300 coins + 30 bonus', '100 coins'. */
export const coinPlanItemName = (p: Pick<CoinPlanRow, 'coins' | 'bonusCoins'>) => `${p.coins} coins${p.bonusCoins > 0 ? ` + ${p.bonusCoins} bonus` : ''}`;

/** Active coin plans in display order. */
export async function availableCoinPlans(db: DbOrTx): Promise<CoinPlan[]> {
  const rows = await db.select().from(coinPlans).where(eq(coinPlans.isActive, true)).orderBy(asc(coinPlans.sortOrder), asc(coinPlans.priceCentavos));
  return rows.map(toCoinPlan);
}

export async function activeCoinPlan(db: DbOrTx, id: string): Promise<CoinPlanRow> {
  const [plan] = await db.select().from(coinPlans).where(and(eq(coinPlans.id, id), eq(coinPlans.isActive, true)));
  if (!plan) throw new AppError('E_NOT_FOUND', 'Coin plan not found.');
  return plan;
}
