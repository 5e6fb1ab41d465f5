import 'server-only';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { LedgerEntry, UnlockHistoryEntry } from '@/lib/contracts/coins';
import type { Pagination } from '@/lib/contracts/receipts';
import { coinsToCentavos } from '@/lib/constants';
import { isId } from '@/lib/ids';
import { episodeHref, movieHref } from '@/lib/routes';
import type { Db } from '@/lib/server/db/client';
import { coinLedger, episodeUnlocks, movieSeries, payments, users, videos } from '@/lib/server/db/schema';
import { LEDGER_REASON } from './fulfil';

const pagination = (page: number, size: number, total: number): Pagination => ({ currentPage: page, pageSize: size, totalItems: total, totalPages: Math.ceil(total / size) });

/** The user's coin unlocks, newest first, with the episode and its title (links to the episode). */
export async function unlockHistory(db: Db, userId: string, page: number, size: number): Promise<{ data: UnlockHistoryEntry[]; pagination: Pagination }> {
  const [{ total }] = await db.select({ total: count() }).from(episodeUnlocks).where(eq(episodeUnlocks.userId, userId));
  const rows = await db
    .select({
      id: episodeUnlocks.id,
      videoId: episodeUnlocks.videoId,
      coinsSpent: episodeUnlocks.coinsSpent,
      auto: episodeUnlocks.auto,
      createdAt: episodeUnlocks.createdAt,
      episodeNumber: videos.episodeNumber,
      title: videos.title,
      seriesId: movieSeries.id,
      seriesName: movieSeries.name,
      seriesSlug: movieSeries.slug,
    })
    .from(episodeUnlocks)
    .innerJoin(videos, eq(videos.id, episodeUnlocks.videoId))
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .where(eq(episodeUnlocks.userId, userId))
    .orderBy(desc(episodeUnlocks.createdAt), desc(episodeUnlocks.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    data: rows.map((r) => ({
      _id: r.id,
      videoId: r.videoId,
      episodeNumber: r.episodeNumber,
      title: r.title,
      movieSeries: { _id: r.seriesId, name: r.seriesName, slug: r.seriesSlug },
      coinsSpent: r.coinsSpent,
      auto: r.auto,
      createdAt: r.createdAt.toISOString(),
    })),
    pagination: pagination(page, size, total),
  };
}

const LABELS: Record<string, string> = {
  [LEDGER_REASON.purchase]: 'Top-up',
  [LEDGER_REASON.unlock]: 'Episode unlock',
  [LEDGER_REASON.autoUnlock]: 'Auto-unlock',
  [LEDGER_REASON.seriesUnlock]: 'Series unlock',
  refund: 'Refund',
  bonus: 'Bonus',
  adjustment: 'Adjustment',
};

export const ledgerLabel = (reason: string) => LABELS[reason] ?? 'Adjustment';

/** A top-up's receipt on the wallet page. */
export const receiptHref = (paymentId: string) => `/wallet#receipt-${encodeURIComponent(paymentId)}`;

/** `series:<id>:<unique>` → the series id. */
const seriesIdOf = (reference: string | null) => {
  const id = reference?.startsWith('series:') ? reference.split(':')[1] : null;
  return isId(id) ? id : null;
};

/** The user's coin movements, newest first, with labels, peso values and links; and the balance. */
export async function ledger(db: Db, userId: string, page: number, size: number): Promise<{ data: LedgerEntry[]; pagination: Pagination; balance: number }> {
  const [{ total }] = await db.select({ total: count() }).from(coinLedger).where(eq(coinLedger.userId, userId));
  const [user] = await db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select()
    .from(coinLedger)
    .where(eq(coinLedger.userId, userId))
    .orderBy(desc(coinLedger.createdAt), desc(coinLedger.id))
    .limit(size)
    .offset((page - 1) * size);
  const episodeRefs = rows.filter((r) => r.reason === LEDGER_REASON.unlock || r.reason === LEDGER_REASON.autoUnlock).map((r) => r.reference).filter(isId);
  const seriesRefs = rows.map((r) => (r.reason === LEDGER_REASON.seriesUnlock ? seriesIdOf(r.reference) : null)).filter(isId);
  const purchaseRefs = rows.filter((r) => r.reason === LEDGER_REASON.purchase).map((r) => r.reference).filter(isId);
  const [episodes, series, paid] = await Promise.all([
    episodeRefs.length
      ? db
          .select({ id: videos.id, episodeNumber: videos.episodeNumber, seriesId: movieSeries.id, name: movieSeries.name })
          .from(videos)
          .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
          .where(inArray(videos.id, episodeRefs))
      : [],
    seriesRefs.length ? db.select({ id: movieSeries.id, name: movieSeries.name }).from(movieSeries).where(inArray(movieSeries.id, seriesRefs)) : [],
    purchaseRefs.length ? db.select({ id: payments.id, amountCentavos: payments.amountCentavos }).from(payments).where(inArray(payments.id, purchaseRefs)) : [],
  ]);
  // A top-up's peso value is what was paid for it (bonus coins included); any other movement's is the reference rate.
  const paidById = new Map(paid.map((p) => [p.id, p.amountCentavos]));
  const episodeById = new Map(episodes.map((e) => [e.id, e]));
  const seriesById = new Map(series.map((s) => [s.id, s]));
  const hrefOf = (r: (typeof rows)[number]): string | null => {
    if (r.reason === LEDGER_REASON.purchase && r.reference) return receiptHref(r.reference);
    if (r.reason === LEDGER_REASON.unlock || r.reason === LEDGER_REASON.autoUnlock) {
      const e = r.reference ? episodeById.get(r.reference) : undefined;
      return e ? episodeHref({ _id: e.seriesId, name: e.name }, e.episodeNumber) : null;
    }
    if (r.reason === LEDGER_REASON.seriesUnlock) {
      const s = seriesById.get(seriesIdOf(r.reference) ?? '');
      return s ? movieHref({ _id: s.id, name: s.name }) : null;
    }
    return null;
  };
  return {
    data: rows.map((r) => ({
      _id: r.id,
      delta: r.delta,
      reason: r.reason,
      label: ledgerLabel(r.reason),
      reference: r.reference,
      balanceAfter: r.balanceAfter,
      centavos: (r.reason === LEDGER_REASON.purchase && r.reference ? paidById.get(r.reference) : undefined) ?? coinsToCentavos(Math.abs(r.delta)),
      createdAt: r.createdAt.toISOString(),
      href: hrefOf(r),
    })),
    pagination: pagination(page, size, total),
    balance: user?.coins ?? 0,
  };
}
