import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { episodeHref, fullEpisodesHref, movieHref } from '@/lib/routes';
import type { DbOrTx } from '@/lib/server/db/client';
import { episodeUnlocks, movieSeries, payments, premiumPurchases, videos } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { enqueueJob } from '@/lib/server/jobs/queue';
import type { PublishAction, PublishState } from '@/lib/contracts/studio-titles';

/**
 * What the studio's catalogue changes share: a title's public pages (what a change purges), publish states, the job
 * that drops the caches when a scheduled time comes, and the money records that forbid a delete.
 */

/** What viewers are told a title or episode is; visible = published and its time has come. */
export function publishState(isPublished: boolean, at: Date | null, now = new Date()): PublishState {
  if (!isPublished) return 'draft';
  return at && at > now ? 'scheduled' : 'published';
}

/** The pages of a title that a change can make stale: its movie page, full-episodes page and each episode's page. */
export function titlePaths(title: { id: string; name: string }, episodeNumbers: Iterable<number>): string[] {
  const ref = { _id: title.id, name: title.name };
  return [...new Set([movieHref(ref), fullEpisodesHref(ref), ...[...episodeNumbers].map((n) => episodeHref(ref, n))])];
}

/** titlePaths for a stored title (its current name and episode numbers); [] when it is gone. */
export async function titlePathsOf(db: DbOrTx, titleId: string): Promise<string[]> {
  const [title] = await db.select({ id: movieSeries.id, name: movieSeries.name }).from(movieSeries).where(eq(movieSeries.id, titleId));
  if (!title) return [];
  const numbers = await db.select({ n: videos.episodeNumber }).from(videos).where(eq(videos.movieSeriesId, titleId));
  return titlePaths(title, numbers.map((r) => r.n));
}

/** The stored flag and time for a publish action; `current` keeps a visible item's time (its place in 'latest'). */
export function publishValues(action: PublishAction, at: string | undefined, current: { isPublished: boolean; at: Date | null }, now = new Date()): { isPublished: boolean; at: Date | null } {
  if (action === 'unpublish') return { isPublished: false, at: current.at };
  if (action === 'schedule') return { isPublished: true, at: new Date(at!) };
  const visible = current.isPublished && (!current.at || current.at <= now);
  return { isPublished: true, at: visible ? current.at : now };
}

/**
 * A scheduled publish: the job 'catalog.changed' runs at that time and drops the caches, so the item appears then
 * rather than when the caches expire. Keyed by item and time: scheduling the same time twice makes one job, a new
 * time another (the earlier one's run only costs a re-render).
 */
export async function enqueueScheduledPurge(tx: DbOrTx, key: string, at: Date, titleIds: string[], paths: string[]): Promise<string> {
  return enqueueJob(tx, 'catalog.changed', { titleIds, paths: paths.slice(0, 100) }, { runAt: at, dedupeKey: `catalog.changed:${key}:${at.toISOString()}` });
}

/**
 * Refuses (409) to delete videos that money records point at: payments and premium purchases (kept for accounting:
 * the foreign keys restrict), and coin unlocks (every one has its coin-ledger entry: a viewer paid coins for it).
 */
export async function assertNoMoneyReferences(db: DbOrTx, videoIds: string[], what: string): Promise<void> {
  if (videoIds.length === 0) return;
  const [row] = await db
    .select({
      payments: sql<number>`(select count(*) from ${payments} where ${inArray(payments.videoId, videoIds)})::int`,
      purchases: sql<number>`(select count(*) from ${premiumPurchases} where ${inArray(premiumPurchases.videoId, videoIds)})::int`,
      unlocks: sql<number>`(select count(*) from ${episodeUnlocks} where ${inArray(episodeUnlocks.videoId, videoIds)})::int`,
    })
    .from(sql`(select 1) as one`);
  const found = [
    row.payments && `${row.payments} payment${row.payments === 1 ? '' : 's'}`,
    row.purchases && `${row.purchases} premium purchase${row.purchases === 1 ? '' : 's'}`,
    row.unlocks && `${row.unlocks} coin unlock${row.unlocks === 1 ? '' : 's'}`,
  ].filter(Boolean);
  if (found.length > 0) {
    throw new AppError('E_CONFLICT', `This ${what} cannot be deleted: viewers paid for it (${found.join(', ')}). Unpublish it instead.`);
  }
}
