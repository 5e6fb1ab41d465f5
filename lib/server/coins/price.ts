import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { episodeUnlocks, videos } from '@/lib/server/db/schema';

/*
 * A viewer's price for one coin episode, in one place: the unlock itself (coins/unlock.ts) charges it, and the player's
 * answer (playback/) shows it on the locked panel, so what the button says is what is charged.
 */

/**
 * The lowest list price this viewer already had for one episode of the series (null when none yet): the price before
 * any bundle discount, so a bundle's lower share never becomes the next episode's price (the discount is given once).
 */
export async function lowestPaid(db: DbOrTx, userId: string, movieSeriesId: string): Promise<number | null> {
  const [row] = await db
    .select({ min: sql<number | null>`min(coalesce(${episodeUnlocks.listPrice}, ${episodeUnlocks.coinsSpent}))::int` })
    .from(episodeUnlocks)
    .innerJoin(videos, eq(videos.id, episodeUnlocks.videoId))
    .where(and(eq(episodeUnlocks.userId, userId), eq(videos.movieSeriesId, movieSeriesId), gt(episodeUnlocks.coinsSpent, 0)));
  return row?.min ?? null;
}

/**
 * One price per episode that never rises mid-series: the episode's list price, or less when the viewer already had a
 * lower list price in the series (a list price, never a bundle's discounted share: the discount is given once).
 */
export const effectivePrice = (coinPrice: number, paid: number | null) => (paid === null ? coinPrice : Math.min(coinPrice, paid));

