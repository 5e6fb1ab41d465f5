import 'server-only';
import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { coinPlans, movieSeries, payments, videos, vipPlans } from '@/lib/server/db/schema';

/**
 * The tables that say what a payment bought: its VIP plan, its coin plan, or its video and the title the video belongs
 * to (one of the three per payment, the others null). Receipts and the studio's payments pages select from them to
 * name the item; joined in one place so every list names it the same way. Takes a query in drizzle's dynamic mode.
 */
export function joinBoughtItem<T extends PgSelect>(query: T) {
  return query
    .leftJoin(vipPlans, eq(vipPlans.id, payments.vipPlanId))
    .leftJoin(coinPlans, eq(coinPlans.id, payments.coinPlanId))
    .leftJoin(videos, eq(videos.id, payments.videoId))
    .leftJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId));
}
