import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@/lib/ids';
import { episodeUnlocks, movieSeries, premiumPurchases, premiumVideoPrices, users } from '@/lib/server/db/schema';
import { openAppDb } from '../fixtures/app-db';
import { call } from '../fixtures/payments';
import { balanceOf, fund, ledgerOf, makeSeries } from '../fixtures/coins';
import { makeUser } from '../fixtures/users';

/**
 * One price per item (issue 20 item 5): a video with an active premium price is sold only as one purchase in pesos,
 * never for coins (unlock, auto-unlock, unlock-all, series pricing); a bundle is offered only for two or more locked
 * coin episodes and only when it is cheaper than unlocking them one by one. Existing unlocks keep their access.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

type User = { id: string; token: string };

const routes = async () => ({
  unlock: await import('@/app/api/client/shortVideo/deductCoinForVideoView/route'),
  unlockAll: await import('@/app/api/client/shortVideo/unlockAllRemaining/route'),
  pricing: await import('@/app/api/client/coins/series-pricing/route'),
  auto: await import('@/app/api/client/coins/auto-unlock/route'),
  playback: await import('@/app/api/client/shortVideo/playback/route'),
});
let r: Awaited<ReturnType<typeof routes>>;
beforeAll(async () => {
  r = await routes();
});

const db = () => appDb.db();

function unlock(user: User, videoId: string, body: Record<string, unknown> = {}) {
  return call(r.unlock.PATCH, `/api/client/shortVideo/deductCoinForVideoView?userId=${user.id}&shortVideoId=${videoId}`, { method: 'PATCH', token: user.token, body });
}
function unlockAll(user: User, seriesId: string) {
  return call(r.unlockAll.POST, `/api/client/shortVideo/unlockAllRemaining?userId=${user.id}&movieSeriesId=${seriesId}`, { method: 'POST', token: user.token });
}
function pricing(seriesId: string, user?: User) {
  return call(r.pricing.GET, `/api/client/coins/series-pricing?movieSeriesId=${seriesId}`, { token: user?.token });
}

/** A one-episode premium movie (type 1) whose episode has a coin price (the studio requires one) and a peso price. */
async function premiumMovie(coinPrice = 15, priceCentavos = 4900) {
  const d = await db();
  const s = await makeSeries(d, { free: 0, paid: 1, price: coinPrice });
  await d.update(movieSeries).set({ type: 1 }).where(eq(movieSeries.id, s.id));
  await d.insert(premiumVideoPrices).values({ id: newId(), videoId: s.coinIds[0], priceCentavos });
  return s;
}

async function unlocksOf(userId: string) {
  return (await db()).select().from(episodeUnlocks).where(eq(episodeUnlocks.userId, userId));
}

describe('a premium-priced video is never sold for coins', () => {
  it('a coin unlock is refused with 409 and a clear message; nothing is charged, unlocked or written to the ledger', async () => {
    const d = await db();
    const movie = await premiumMovie();
    const user = await makeUser(d);
    await fund(d, user.id, 100);
    const res = await unlock(user, movie.coinIds[0]);
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/sold as one purchase \(₱49\.00\).*cannot be unlocked with coins/i);
    expect(await balanceOf(d, user.id)).toBe(100);
    expect(await unlocksOf(user.id)).toHaveLength(0);
    expect((await ledgerOf(d, user.id)).map((e) => e.delta)).toEqual([100]);
  });

  it('an automatic unlock is refused the same way, even with auto-unlock on and room under the cap', async () => {
    const d = await db();
    const movie = await premiumMovie();
    const user = await makeUser(d);
    await fund(d, user.id, 100);
    await d.update(users).set({ autoUnlockEnabled: true, autoUnlockCapKind: 'episodes', autoUnlockCap: 10 }).where(eq(users.id, user.id));
    const res = await unlock(user, movie.coinIds[0], { auto: true });
    expect(res.status).toBe(409);
    expect(await balanceOf(d, user.id)).toBe(100);
    expect(await unlocksOf(user.id)).toHaveLength(0);
  });

  it('existing coin unlocks and purchases keep their access: success, nothing charged', async () => {
    const d = await db();
    const movie = await premiumMovie();
    const unlocked = await makeUser(d);
    await fund(d, unlocked.id, 50);
    await d.insert(episodeUnlocks).values({ id: newId(), userId: unlocked.id, videoId: movie.coinIds[0], coinsSpent: 15 });
    const again = await unlock(unlocked, movie.coinIds[0]);
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ isLocked: false, charged: 0, outcome: 'already' });
    const bought = await makeUser(d);
    await d.insert(premiumPurchases).values({ id: newId(), userId: bought.id, videoId: movie.coinIds[0], priceCentavos: 4900 });
    expect((await unlock(bought, movie.coinIds[0])).json.data).toMatchObject({ charged: 0, outcome: 'purchased' });
    expect(await balanceOf(d, unlocked.id)).toBe(50);
  });

  it('series pricing of a one-episode premium movie offers no coins and no bundle; unlock-all charges nothing', async () => {
    const d = await db();
    const movie = await premiumMovie();
    const user = await makeUser(d);
    await fund(d, user.id, 100);
    for (const answer of [await pricing(movie.id), await pricing(movie.id, user)]) {
      expect(answer.status).toBe(200);
      expect(answer.json.data).toMatchObject({ episodePrice: 0, lockedCount: 0, lockedCoins: 0, unlockAllCoins: 0, bundleOffered: false });
    }
    const all = await unlockAll(user, movie.id);
    expect(all.json.data).toMatchObject({ unlockedVideoIds: [], charged: 0 });
    expect(await balanceOf(d, user.id)).toBe(100);
  });

  it('the player answer of a premium-priced episode carries its peso price and no coin price', async () => {
    const d = await db();
    const movie = await premiumMovie(15, 4900);
    const user = await makeUser(d);
    const res = await call(r.playback.GET, `/api/client/shortVideo/playback?movieSeriesId=${movie.id}&episodeNumber=1`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json.data.episode).toMatchObject({ isLocked: true, coinPrice: 0, premiumPriceCentavos: 4900 });
  });

  it('in a series, a premium-priced episode is left out of the coin count, unlock-all and its price', async () => {
    const d = await db();
    const s = await makeSeries(d, { free: 1, paid: 3, price: 10 });
    await d.insert(premiumVideoPrices).values({ id: newId(), videoId: s.coinIds[0], priceCentavos: 3900 });
    const user = await makeUser(d);
    await fund(d, user.id, 100);
    expect((await pricing(s.id, user)).json.data).toMatchObject({ episodePrice: 10, lockedCount: 2, lockedCoins: 20, bundleOffered: true });
    const all = await unlockAll(user, s.id);
    expect(all.status).toBe(200);
    expect(all.json.data.unlockedVideoIds.sort()).toEqual(s.coinIds.slice(1).sort());
    expect((await unlocksOf(user.id)).map((u) => u.videoId)).not.toContain(s.coinIds[0]);
    // A price made inactive sells the episode for coins again.
    await d.update(premiumVideoPrices).set({ isActive: false }).where(eq(premiumVideoPrices.videoId, s.coinIds[0]));
    expect((await pricing(s.id, user)).json.data).toMatchObject({ lockedCount: 1, bundleOffered: false });
    expect((await unlock(user, s.coinIds[0])).json.data).toMatchObject({ outcome: 'unlocked', charged: 10 });
  });
});

describe('a bundle only for two or more locked episodes, and only when cheaper', () => {
  it('one locked episode: no bundle, and unlock-all is refused (409) rather than sell it below its price', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 1, price: 15 });
    const user = await makeUser(d);
    await fund(d, user.id, 100);
    expect((await pricing(s.id, user)).json.data).toMatchObject({ episodePrice: 15, lockedCount: 1, bundleOffered: false });
    const res = await unlockAll(user, s.id);
    expect(res.status).toBe(409);
    expect(await balanceOf(d, user.id)).toBe(100);
    expect(await unlocksOf(user.id)).toHaveLength(0);
    // Unlocked one by one at its price, as the locked panel offers.
    expect((await unlock(user, s.coinIds[0])).json.data).toMatchObject({ charged: 15 });
  });

  it('two or more locked episodes: a bundle exactly when its price is below the sum; the flag follows the viewer', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 3, price: 10 });
    const user = await makeUser(d);
    await fund(d, user.id, 100);
    const three = (await pricing(s.id, user)).json.data;
    expect(three).toMatchObject({ lockedCount: 3, lockedCoins: 30, bundleOffered: true });
    expect(three.unlockAllCoins).toBeLessThan(three.lockedCoins);
    await unlock(user, s.coinIds[0]);
    const two = (await pricing(s.id, user)).json.data;
    expect(two).toMatchObject({ lockedCount: 2, bundleOffered: two.unlockAllCoins < two.lockedCoins });
    await unlock(user, s.coinIds[1]);
    expect((await pricing(s.id, user)).json.data).toMatchObject({ lockedCount: 1, bundleOffered: false });
    // The cheapest two: whatever the rounding, the flag says whether the bundle is below one by one.
    const cheap = await makeSeries(d, { paid: 2, price: 1 });
    const c = (await pricing(cheap.id)).json.data;
    expect(c.lockedCount).toBe(2);
    expect(c.bundleOffered).toBe(c.unlockAllCoins < c.lockedCoins);
  });
});
