import 'server-only';
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import type { AutoUnlockSettings, SeriesPricing, UnlockAllResult, UnlockOutcome, UnlockResult } from '@/lib/contracts/coins';
import { coinsToCentavos, UNLOCK_ALL_DISCOUNT_PERCENT, type AutoUnlockCapKind } from '@/lib/constants';
import { formatPesos } from '@/lib/format';
import { newId } from '@/lib/ids';
import type { Db, DbOrTx, Tx } from '@/lib/server/db/client';
import { coinLedger, episodeUnlocks, movieSeries, premiumVideoPrices, users, videos } from '@/lib/server/db/schema';
import { episodeVisible, titleVisible, videoReleased } from '@/lib/server/catalog/visibility';
import { canWatch, isVipActive, watchableVideoIds, type Viewer } from '@/lib/server/entitlement/can-watch';
import { AppError } from '@/lib/server/http/app-error';
import { notPremiumPriced } from '@/lib/server/premium/sale';
import { toViewer, type requireUser } from '@/lib/server/users';
import { closeOpenCheckouts, CLOSED_REASON } from '@/lib/server/payments/checkouts';
import { LEDGER_REASON } from './fulfil';
import { effectivePrice, lowestPaid } from './price';

export { effectivePrice } from './price';

type UserRow = Awaited<ReturnType<typeof requireUser>>;

export const UNLOCKED_MESSAGE = 'Successfully unlocked!';

const MESSAGES: Record<UnlockOutcome, string> = {
  unlocked: UNLOCKED_MESSAGE,
  already: 'You have already unlocked this episode.',
  free: 'This episode is free to watch.',
  vip: 'Your VIP subscription covers this episode.',
  purchased: 'You have already purchased this video.',
};

// ---------------------------------------------------------------------------------------------------------------------
// Asia/Manila days (UTC+8 all year: the Philippines keeps no daylight saving time)

const MANILA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The start (as an instant) of the Asia/Manila calendar day `now` falls in. */
export function manilaDayStart(now: Date): Date {
  const local = now.getTime() + MANILA_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - MANILA_OFFSET_MS);
}

// ---------------------------------------------------------------------------------------------------------------------
// Episodes and prices

type Episode = { id: string; movieSeriesId: string; episodeNumber: number; isPremium: boolean; coinPrice: number };

const episodeColumns = {
  id: videos.id,
  movieSeriesId: videos.movieSeriesId,
  episodeNumber: videos.episodeNumber,
  isPremium: videos.isPremium,
  coinPrice: videos.coinPrice,
};

const NOT_FOUND = 'Episode not found.';

/**
 * A visible episode (not a trailer) of a visible title, or 404: nobody pays for what the catalogue does not show. With
 * its active premium price, if any: such a video is sold only as one purchase in pesos (premium/sale.ts).
 */
async function episodeOf(db: DbOrTx, videoId: string): Promise<Episode & { premiumPriceCentavos: number | null }> {
  const [row] = await db
    .select({ ...episodeColumns, premiumPriceCentavos: premiumVideoPrices.priceCentavos })
    .from(videos)
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .leftJoin(premiumVideoPrices, and(eq(premiumVideoPrices.videoId, videos.id), eq(premiumVideoPrices.isActive, true)))
    .where(and(eq(videos.id, videoId), episodeVisible, gt(videos.episodeNumber, 0)));
  if (!row) throw new AppError('E_NOT_FOUND', NOT_FOUND);
  return row;
}

async function visibleSeries(db: DbOrTx, movieSeriesId: string): Promise<void> {
  const [row] = await db.select({ id: movieSeries.id }).from(movieSeries).where(and(eq(movieSeries.id, movieSeriesId), titleVisible));
  if (!row) throw new AppError('E_NOT_FOUND', 'Series not found.');
}

/**
 * The visible episodes of a series sold for coins (premium, a price above 0, no active premium price: premium/sale.ts),
 * in order: unlock-all and its price never include an episode still scheduled, unpublished or ingesting, nor one sold
 * as a premium video. Callers check the title first (visibleSeries).
 */
async function coinEpisodes(db: DbOrTx, movieSeriesId: string): Promise<Episode[]> {
  return db
    .select(episodeColumns)
    .from(videos)
    .where(and(eq(videos.movieSeriesId, movieSeriesId), gt(videos.episodeNumber, 0), eq(videos.isPremium, true), gt(videos.coinPrice, 0), notPremiumPriced, videoReleased))
    .orderBy(asc(videos.episodeNumber));
}

/**
 * The bundle price of `count` paid episodes whose prices add up to `sum`: the sum less UNLOCK_ALL_DISCOUNT_PERCENT,
 * rounded down, and never less than one coin an episode (a paid episode is never free).
 */
export const discounted = (sum: number, count: number) => Math.max(count, Math.floor((sum * (100 - UNLOCK_ALL_DISCOUNT_PERCENT)) / 100));

function insufficient(balance: number, price: number): AppError {
  return new AppError('E_INSUFFICIENT_COINS', `Not enough coins: this episode costs ${price} coins and you have ${balance}.`, undefined, {
    balance,
    price,
    shortfall: Math.max(0, price - balance),
  });
}

/**
 * Whether 'Unlock all remaining' is offered (issue 20 item 5): only for two or more locked coin episodes, and only when
 * its price is below unlocking them one by one. One episode is sold at its own price, never as a 'bundle' of one.
 */
export const bundleOffered = (lockedCount: number, lockedCoins: number, bundleCoins: number) => lockedCount >= 2 && bundleCoins < lockedCoins;

const NO_BUNDLE = 'There is no bundle for what is left of this series: unlock each episode on its own.';

/** 409 for a coin unlock (manual or automatic) of a video sold as a premium video: it has one price, in pesos. */
const premiumOnly = (priceCentavos: number) =>
  new AppError('E_CONFLICT', `This video is sold as one purchase (${formatPesos(priceCentavos)}): it cannot be unlocked with coins.`);

/** Locks the user's row for the rest of the transaction: all of one user's coin spending runs one after the other. */
async function lockUser(tx: Tx, userId: string): Promise<UserRow> {
  const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!u) throw new AppError('E_USER_NOT_FOUND', 'User not found.');
  return u;
}

/** `update users set coins = coins - $price where id = $user and coins >= $price returning coins`, or 402. */
async function charge(tx: Tx, userId: string, price: number, balance: number): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ coins: sql`${users.coins} - ${price}` })
    .where(and(eq(users.id, userId), gte(users.coins, price)))
    .returning({ coins: users.coins });
  if (!row) throw insufficient(balance, price);
  return row.coins;
}

function requireMember(user: UserRow): void {
  if (user.isAnonymous) throw new AppError('E_UNAUTHENTICATED', 'Please login first');
}

async function usedToday(db: DbOrTx, userId: string, now: Date): Promise<{ episodes: number; coins: number }> {
  const [row] = await db
    .select({ episodes: sql<number>`count(*)::int`, coins: sql<number>`coalesce(sum(${episodeUnlocks.coinsSpent}), 0)::int` })
    .from(episodeUnlocks)
    .where(and(eq(episodeUnlocks.userId, userId), eq(episodeUnlocks.auto, true), gte(episodeUnlocks.createdAt, manilaDayStart(now))));
  return { episodes: row?.episodes ?? 0, coins: row?.coins ?? 0 };
}

// ---------------------------------------------------------------------------------------------------------------------
// One episode

/**
 * deductCoinForVideoView (docs/architecture.md 'Money'): in one transaction, with the user's row locked, the one
 * entitlement rule first (VIP, free, already unlocked, purchased → success, nothing charged); else the unlock row is inserted
 * (unique per user and episode, ON CONFLICT DO NOTHING), the price taken by a conditional update (402 and a rollback
 * when the balance is short) and a ledger entry appended with the balance after. `auto` unlocks also need auto-unlock
 * on and room under today's cap (Asia/Manila days).
 */
export async function unlockEpisode(db: Db, user: UserRow, videoId: string, opts: { auto?: boolean; now?: Date } = {}): Promise<UnlockResult> {
  requireMember(user);
  const now = opts.now ?? new Date();
  const auto = opts.auto === true;
  const episode = await episodeOf(db, videoId);
  return db.transaction(async (tx) => {
    const u = await lockUser(tx, user.id);
    const viewer: Viewer = toViewer(u);
    const done = (outcome: UnlockOutcome, charged = 0, coins = u.coins): UnlockResult => ({ videoId, isLocked: false, charged, coins, outcome, message: MESSAGES[outcome] });
    if (await canWatch(tx, viewer, episode)) {
      if (!episode.isPremium) return done('free');
      if (isVipActive(viewer, now)) return done('vip');
      const [unlock] = await tx.select({ id: episodeUnlocks.id }).from(episodeUnlocks).where(and(eq(episodeUnlocks.userId, u.id), eq(episodeUnlocks.videoId, videoId)));
      return done(unlock ? 'already' : 'purchased');
    }
    if (episode.premiumPriceCentavos !== null) throw premiumOnly(episode.premiumPriceCentavos);
    if (episode.coinPrice <= 0) throw new AppError('E_CONFLICT', 'This episode cannot be unlocked with coins.');
    const price = effectivePrice(episode.coinPrice, await lowestPaid(tx, u.id, episode.movieSeriesId));
    if (auto) {
      if (!u.autoUnlockEnabled) throw new AppError('E_AUTO_UNLOCK_OFF', 'Auto-unlock is off.');
      const used = await usedToday(tx, u.id, now);
      const over = u.autoUnlockCapKind === 'coins' ? used.coins + price > u.autoUnlockCap : used.episodes + 1 > u.autoUnlockCap;
      if (over) {
        // The cap resets at the next Asia/Manila midnight: that is when trying again can succeed.
        const retryAfterSeconds = (manilaDayStart(now).getTime() + DAY_MS - now.getTime()) / 1000;
        throw new AppError('E_AUTO_UNLOCK_CAP', 'Auto-unlock stopped: daily cap reached.', undefined, { capKind: u.autoUnlockCapKind, capValue: u.autoUnlockCap, usedToday: used }, { retryAfterSeconds });
      }
    }
    const [inserted] = await tx
      .insert(episodeUnlocks)
      .values({ id: newId(), userId: u.id, videoId, coinsSpent: price, listPrice: price, auto, createdAt: now })
      .onConflictDoNothing({ target: [episodeUnlocks.userId, episodeUnlocks.videoId] })
      .returning({ id: episodeUnlocks.id });
    if (!inserted) return done('already');
    const balance = await charge(tx, u.id, price, u.coins);
    await tx.insert(coinLedger).values({
      id: newId(),
      userId: u.id,
      delta: -price,
      reason: auto ? LEDGER_REASON.autoUnlock : LEDGER_REASON.unlock,
      reference: videoId,
      balanceAfter: balance,
      createdAt: now,
    });
    // The episode is theirs now: an open checkout for it (were it also sold for pesos) must not take money as well.
    await closeOpenCheckouts(tx, { userId: u.id, kind: 'premium_video', videoIds: [videoId] }, 'expired', CLOSED_REASON.alreadyHasVideo);
    return done('unlocked', price, balance);
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// A whole series

type LockedEpisode = Episode & { price: number };

/** The viewer's locked coin episodes of the series and their prices (guests: every coin episode at its price). */
async function lockedOf(db: DbOrTx, viewer: Viewer, movieSeriesId: string): Promise<LockedEpisode[]> {
  const episodes = await coinEpisodes(db, movieSeriesId);
  const watchable = await watchableVideoIds(db, viewer, episodes);
  const paid = viewer ? await lowestPaid(db, viewer.id, movieSeriesId) : null;
  return episodes.filter((e) => !watchable.has(e.id)).map((e) => ({ ...e, price: effectivePrice(e.coinPrice, paid) }));
}

/**
 * The bundle's total spread over its episodes so that the unlock rows add up to the charge: one coin each first (no
 * paid episode is ever recorded as free), the rest in proportion to each episode's price (rounded down), what is left
 * one coin at a time from the first episode still under its price.
 */
export function spread(prices: number[], total: number): number[] {
  const shares = prices.map(() => 1);
  const rest = total - prices.length;
  const above = prices.reduce((s, p) => s + (p - 1), 0);
  for (let i = 0; i < prices.length; i++) shares[i] += above === 0 ? 0 : Math.floor(((prices[i] - 1) * rest) / above);
  let left = total - shares.reduce((s, x) => s + x, 0);
  for (let n = 0; left > 0 && n < prices.length * 2; n++) {
    const i = n % prices.length;
    if (shares[i] < prices[i]) {
      shares[i]++;
      left--;
    }
  }
  return shares;
}

/**
 * unlockAllRemaining: every locked coin episode of the series in one atomic charge at UNLOCK_ALL_DISCOUNT_PERCENT off,
 * one ledger entry (reason series_unlock). The user's row is locked first, so parallel calls run one after the other:
 * the second finds nothing locked and charges 0.
 */
export async function unlockAllRemaining(db: Db, user: UserRow, movieSeriesId: string, opts: { now?: Date } = {}): Promise<UnlockAllResult> {
  requireMember(user);
  const now = opts.now ?? new Date();
  await visibleSeries(db, movieSeriesId);
  return db.transaction(async (tx) => {
    const u = await lockUser(tx, user.id);
    const locked = await lockedOf(tx, toViewer(u), movieSeriesId);
    if (locked.length === 0) return { movieSeriesId, unlockedVideoIds: [], charged: 0, coins: u.coins };
    const total = discounted(locked.reduce((s, e) => s + e.price, 0), locked.length);
    // Only the bundle series-pricing offers: a single episode (or a 'bundle' no cheaper) is unlocked on its own price.
    if (!bundleOffered(locked.length, locked.reduce((s, e) => s + e.price, 0), total)) throw new AppError('E_CONFLICT', NO_BUNDLE);
    const shares = spread(locked.map((e) => e.price), total);
    const inserted = await tx
      .insert(episodeUnlocks)
      .values(locked.map((e, i) => ({ id: newId(), userId: u.id, videoId: e.id, coinsSpent: shares[i], listPrice: e.price, auto: false, createdAt: now })))
      .onConflictDoNothing({ target: [episodeUnlocks.userId, episodeUnlocks.videoId] })
      .returning({ videoId: episodeUnlocks.videoId });
    // The row lock makes this impossible; were it ever not so, charging for episodes not inserted would be wrong.
    if (inserted.length !== locked.length) throw new AppError('E_CONFLICT', 'Some of these episodes were just unlocked. Please try again.');
    if (total > 0) {
      const [row] = await tx
        .update(users)
        .set({ coins: sql`${users.coins} - ${total}` })
        .where(and(eq(users.id, u.id), gte(users.coins, total)))
        .returning({ coins: users.coins });
      if (!row) {
        throw new AppError('E_INSUFFICIENT_COINS', `Not enough coins: unlocking the rest of this series costs ${total} coins and you have ${u.coins}.`, undefined, {
          balance: u.coins,
          price: total,
          shortfall: total - u.coins,
        });
      }
      await tx.insert(coinLedger).values({
        id: newId(),
        userId: u.id,
        delta: -total,
        reason: LEDGER_REASON.seriesUnlock,
        reference: `series:${movieSeriesId}:${newId()}`,
        balanceAfter: row.coins,
        createdAt: now,
      });
      await closeOpenCheckouts(tx, { userId: u.id, kind: 'premium_video', videoIds: locked.map((e) => e.id) }, 'expired', CLOSED_REASON.alreadyHasVideo);
      return { movieSeriesId, unlockedVideoIds: locked.map((e) => e.id), charged: total, coins: row.coins };
    }
    return { movieSeriesId, unlockedVideoIds: locked.map((e) => e.id), charged: 0, coins: u.coins };
  });
}

/** What finishing the series costs this viewer (spec: 'Finish this series: N locked episodes for X coins (₱Y)'). */
export async function seriesPricing(db: Db, user: UserRow | null, movieSeriesId: string): Promise<SeriesPricing> {
  await visibleSeries(db, movieSeriesId);
  const viewer: Viewer = user ? toViewer(user) : null;
  const locked = await lockedOf(db, viewer, movieSeriesId);
  let episodePrice = locked[0]?.price;
  if (episodePrice === undefined) {
    const [first] = await coinEpisodes(db, movieSeriesId);
    episodePrice = first ? effectivePrice(first.coinPrice, viewer ? await lowestPaid(db, viewer.id, movieSeriesId) : null) : 0;
  }
  const lockedCoins = locked.reduce((s, e) => s + e.price, 0);
  const unlockAllCoins = discounted(lockedCoins, locked.length);
  return {
    movieSeriesId,
    episodePrice,
    episodePriceCentavos: coinsToCentavos(episodePrice),
    lockedCount: locked.length,
    lockedCoins,
    lockedCentavos: coinsToCentavos(lockedCoins),
    unlockAllCoins,
    unlockAllCentavos: coinsToCentavos(unlockAllCoins),
    bundleOffered: bundleOffered(locked.length, lockedCoins, unlockAllCoins),
    discountPercent: UNLOCK_ALL_DISCOUNT_PERCENT,
    balance: user ? user.coins : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Auto-unlock settings

export async function autoUnlockSettings(db: DbOrTx, user: UserRow, now = new Date()): Promise<AutoUnlockSettings> {
  return { enabled: user.autoUnlockEnabled, capKind: user.autoUnlockCapKind, capValue: user.autoUnlockCap, usedToday: await usedToday(db, user.id, now) };
}

export async function saveAutoUnlock(db: Db, user: UserRow, body: { enabled: boolean; capKind: AutoUnlockCapKind; capValue: number }): Promise<AutoUnlockSettings> {
  requireMember(user);
  const [row] = await db
    .update(users)
    .set({ autoUnlockEnabled: body.enabled, autoUnlockCapKind: body.capKind, autoUnlockCap: body.capValue })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new AppError('E_USER_NOT_FOUND', 'User not found.');
  return autoUnlockSettings(db, row);
}
