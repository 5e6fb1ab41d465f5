import { and, eq, gt, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEnv } from '@/lib/env';
import { newId } from '@/lib/ids';
import {
  coinLedger,
  coinPlans,
  episodeUnlocks,
  likes,
  movieSeries,
  payments,
  premiumPurchases,
  ratings,
  subscriptions,
  users,
  videos,
  vipPlans,
  watchSessions,
} from '@/lib/server/db/schema';
import { openAppDb } from '../fixtures/app-db';
import { signInWithEmail, signUpWithEmail } from '../fixtures/firebase-emulator';
import { call } from '../fixtures/http';

/**
 * Delete Account and token versions (issue 9 rows 8 and 11) through the real route handlers, a real PostgreSQL database
 * and real Firebase Auth Emulator accounts.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

type Routes = {
  register: typeof import('@/app/api/client/user/authenticateOrRegister/route');
  profile: typeof import('@/app/api/client/user/fetchProfile/route');
  deleteAccount: typeof import('@/app/api/client/user/deleteAccount/route');
  logoutEverywhere: typeof import('@/app/api/client/user/logoutEverywhere/route');
  myList: typeof import('@/app/api/client/userVideoList/videoAddedToMyListByUser/route');
};
let r: Routes;
let title: { id: string; slug: string };
let video: { id: string };
let vipPlanId: string;
let coinPlanId: string;

beforeAll(async () => {
  r = {
    register: await import('@/app/api/client/user/authenticateOrRegister/route'),
    profile: await import('@/app/api/client/user/fetchProfile/route'),
    deleteAccount: await import('@/app/api/client/user/deleteAccount/route'),
    logoutEverywhere: await import('@/app/api/client/user/logoutEverywhere/route'),
    myList: await import('@/app/api/client/userVideoList/videoAddedToMyListByUser/route'),
  };
  const db = await appDb.db();
  [title] = await db.select({ id: movieSeries.id, slug: movieSeries.slug }).from(movieSeries).where(eq(movieSeries.slug, 'lihim-ng-bilyonaryo'));
  [video] = await db.select({ id: videos.id }).from(videos).where(and(eq(videos.movieSeriesId, title.id), gt(videos.episodeNumber, 0))).limit(1);
  [{ id: vipPlanId }] = await db.select({ id: vipPlans.id }).from(vipPlans).limit(1);
  [{ id: coinPlanId }] = await db.select({ id: coinPlans.id }).from(coinPlans).limit(1);
});

const PASSWORD = 'kilig-pass-123';
/** Sign-ins are rate-limited per address: each gets its own. */
const someAddress = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

type Member = { id: string; uid: string; email: string; token: string; idToken: string };

/** The product login with a Firebase ID token, as the browser does it. */
async function register(idToken: string, uid: string, email: string) {
  return call(r.register.POST, '/api/client/user/authenticateOrRegister', {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'x-forwarded-for': someAddress() },
    body: { loginType: 5, identity: uid, email, name: 'Account Tester', image: null },
  });
}

/** A real member: an e-mail account in the emulator, then authenticateOrRegister. */
async function signUp(): Promise<Member> {
  const s = await signUpWithEmail(undefined, PASSWORD);
  const res = await register(s.idToken, s.localId, s.email!);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { id: res.json.data.user._id, uid: s.localId, email: s.email!, token: res.json.data.token, idToken: s.idToken };
}

const profile = (token?: string) => call(r.profile.GET, '/api/client/user/fetchProfile', { token });
const deleteAccount = (token?: string) => call(r.deleteAccount.DELETE, '/api/client/user/deleteAccount', { method: 'DELETE', token });
const logoutEverywhere = (token?: string) => call(r.logoutEverywhere.POST, '/api/client/user/logoutEverywhere', { method: 'POST', token });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A row in every table that belongs to a user, the way the product writes them (the list through its route). */
async function giveEverything(member: Member): Promise<{ paymentId: string }> {
  const db = await appDb.db();
  const added = await call(r.myList.POST, `/api/client/userVideoList/videoAddedToMyListByUser?movieSeriesId=${title.id}`, { method: 'POST', token: member.token });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  await db.update(users).set({ coins: 120, vipExpiresAt: new Date(Date.now() + 7 * 86_400_000) }).where(eq(users.id, member.id));
  const paymentId = newId();
  await db.insert(payments).values({ id: paymentId, kind: 'vip', status: 'paid', amountCentavos: 14900, provider: 'sandbox', userId: member.id, vipPlanId, paidAt: new Date() });
  await db.insert(payments).values({ id: newId(), kind: 'coins', status: 'pending', amountCentavos: 4900, provider: 'sandbox', userId: member.id, coinPlanId });
  await db.insert(subscriptions).values({ id: newId(), userId: member.id, vipPlanId, startsAt: new Date(), expiresAt: new Date(Date.now() + 7 * 86_400_000), paymentId });
  await db.insert(likes).values({ id: newId(), userId: member.id, videoId: video.id });
  await db.insert(ratings).values({ id: newId(), userId: member.id, videoId: video.id, rating: 4 });
  await db.insert(watchSessions).values({ id: newId(), userId: member.id, videoId: video.id, sessionStartTime: new Date() });
  await db.insert(episodeUnlocks).values({ id: newId(), userId: member.id, videoId: video.id, coinsSpent: 10 });
  await db.insert(coinLedger).values({ id: newId(), userId: member.id, delta: 130, reason: 'bonus', reference: newId(), balanceAfter: 130 });
  await db.insert(coinLedger).values({ id: newId(), userId: member.id, delta: -10, reason: 'episode_unlock', reference: video.id, balanceAfter: 120 });
  await db.insert(premiumPurchases).values({ id: newId(), userId: member.id, videoId: video.id, priceCentavos: 4900 });
  return { paymentId };
}

/** Every table with a foreign key to users, read from the database itself, so that a new one cannot go unchecked. */
async function tablesReferencingUsers(): Promise<Map<string, string>> {
  const db = await appDb.db();
  const rows = await db.execute<{ table: string; action: string }>(sql`
    select c.conrelid::regclass::text as table, c.confdeltype as action
    from pg_constraint c
    where c.contype = 'f' and c.confrelid = 'users'::regclass`);
  return new Map(rows.rows.map((row) => [row.table, row.action]));
}

/** Each user table and its column naming the user. */
const USER_COLUMN = {
  users: 'id',
  my_list: 'user_id',
  likes: 'user_id',
  ratings: 'user_id',
  watch_sessions: 'user_id',
  episode_unlocks: 'user_id',
  coin_ledger: 'user_id',
  subscriptions: 'user_id',
  premium_purchases: 'user_id',
  payments: 'user_id',
} as const;

/** How many rows of each user table belong to the user. */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const db = await appDb.db();
  const out: Record<string, number> = {};
  for (const [table, column] of Object.entries(USER_COLUMN)) {
    const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`);
    out[table] = res.rows[0].n;
  }
  return out;
}

describe('DELETE api/client/user/deleteAccount', () => {
  it('knows what happens to every table that references users', async () => {
    // c = cascade, n = set null. A new user table must be added to the deletion's table (lib/server/users/account.ts)
    // and to USER_COLUMN above; this fails until it is.
    const referencing = await tablesReferencingUsers();
    // Studio tables name the user who did something (an audit entry, an upload): kept, with the reference nulled.
    const studioTables = ['audit_log', 'media_ingests'];
    expect([...referencing.keys()].sort()).toEqual([...Object.keys(USER_COLUMN).filter((t) => t !== 'users'), ...studioTables].sort());
    expect(Object.fromEntries(referencing)).toEqual({
      my_list: 'c',
      likes: 'c',
      ratings: 'c',
      coin_ledger: 'c',
      episode_unlocks: 'c',
      payments: 'n',
      subscriptions: 'c',
      premium_purchases: 'c',
      watch_sessions: 'c',
      audit_log: 'n',
      media_ingests: 'n',
    });
  });

  it("deletes the user's rows everywhere, keeps payments without the user, ends the token and the Firebase account", async () => {
    const db = await appDb.db();
    const member = await signUp();
    const other = await signUp();
    const { paymentId } = await giveEverything(member);
    await giveEverything(other);
    const before = await rowsOf(member.id);
    for (const [table, n] of Object.entries(before)) expect(n, table).toBeGreaterThan(0);
    const otherBefore = await rowsOf(other.id);
    const [{ total: listedBefore }] = await db.select({ total: movieSeries.totalAddedToList }).from(movieSeries).where(eq(movieSeries.id, title.id));

    const res = await deleteAccount(member.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: 'Your account has been deleted.' });

    const after = await rowsOf(member.id);
    expect(after).toEqual(Object.fromEntries(Object.keys(before).map((t) => [t, 0])));
    // Payment records stay, without the user.
    const [kept] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(kept).toMatchObject({ userId: null, status: 'paid', amountCentavos: 14900 });
    expect(Number((await db.select({ n: sql<number>`count(*)` }).from(payments).where(sql`${payments.userId} is null`))[0].n)).toBeGreaterThanOrEqual(2);
    // The title's favourites count lost the deleted entry.
    const [{ total: listedAfter }] = await db.select({ total: movieSeries.totalAddedToList }).from(movieSeries).where(eq(movieSeries.id, title.id));
    expect(listedAfter).toBe(listedBefore - 1);
    // Nobody else lost anything.
    expect(await rowsOf(other.id)).toEqual(otherBefore);
    expect((await profile(other.token)).status).toBe(200);

    // The old token names nobody any more; the client clears its session on E_USER_NOT_FOUND.
    const next = await profile(member.token);
    expect(next.status).toBe(404);
    expect(next.json).toMatchObject({ status: false, code: 'E_USER_NOT_FOUND' });
    expect((await deleteAccount(member.token)).status).toBe(404);
    // The Firebase account is gone: signing in with the same e-mail and password fails, and its last ID token opens nothing.
    await expect(signInWithEmail(member.email, PASSWORD)).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
    expect((await register(member.idToken, member.uid, member.email)).status).toBe(401);
  });

  it('refuses guests and forged tokens', async () => {
    const guest = await deleteAccount();
    expect(guest.status).toBe(401);
    expect(guest.json).toMatchObject({ status: false, code: 'E_UNAUTHENTICATED' });
    const member = await signUp();
    expect((await deleteAccount(`${member.token.slice(0, member.token.lastIndexOf('.'))}.AAAA`)).status).toBe(401);
    expect((await profile(member.token)).status).toBe(200);
  });
});

describe('token versions and lifetime', () => {
  it('a bumped version refuses the old token; a freshly issued one works', async () => {
    const member = await signUp();
    const { bumpTokenVersion } = await import('@/lib/server/users');
    expect(await bumpTokenVersion(await appDb.db(), member.id)).toBe(1);
    const old = await profile(member.token);
    expect(old.status).toBe(401);
    expect(old.json).toMatchObject({ status: false, code: 'E_UNAUTHENTICATED', message: 'Your session has ended. Please log in again.' });

    // Silent renewal: the same, still valid Firebase session gets a new product token, with the new version.
    const renewed = await register(member.idToken, member.uid, member.email);
    expect(renewed.status).toBe(200);
    expect((await profile(renewed.json.data.token)).status).toBe(200);
    expect((await profile(member.token)).status).toBe(401);
  });

  it('log out everywhere ends every product token and every Firebase session; a new sign-in works', async () => {
    const member = await signUp();
    const second = await register(member.idToken, member.uid, member.email);
    const otherDevice = second.json.data.token as string;
    expect((await profile(otherDevice)).status).toBe(200);
    // Firebase records revocation in whole seconds: the sessions to end must have begun in an earlier second.
    await sleep(1100);

    expect(await logoutEverywhere()).toMatchObject({ status: 401 });
    const res = await logoutEverywhere(member.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ status: true });

    for (const token of [member.token, otherDevice]) expect((await profile(token)).status).toBe(401);
    // No device can renew from the Firebase session it had: that ID token is revoked.
    expect((await register(member.idToken, member.uid, member.email)).status).toBe(401);
    // Signing in again does work.
    await sleep(1100);
    const again = await signInWithEmail(member.email, PASSWORD);
    const fresh = await register(again.idToken, member.uid, member.email);
    expect(fresh.status, JSON.stringify(fresh.json)).toBe(200);
    expect((await profile(fresh.json.data.token)).status).toBe(200);
  });

  it('blocking a user ends their tokens and refuses a new sign-in', async () => {
    const member = await signUp();
    const { blockUser } = await import('@/lib/server/users');
    await blockUser(await appDb.db(), member.id);
    const [row] = await (await appDb.db()).select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ isBlocked: true, tokenVersion: 1 });
    expect((await profile(member.token)).status).toBe(403);
    expect((await register(member.idToken, member.uid, member.email)).status).toBe(403);
  });

  it('tokens live at most 24 hours: an older one, an expired one and one without a version are refused', async () => {
    const member = await signUp();
    const payload = decodeJwt(member.token);
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(24 * 3600);
    expect(payload.ver).toBe(0);

    const secret = new TextEncoder().encode(serverEnv().JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>, iat: number, exp: number) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(member.id).setIssuer('kilig').setAudience('kilig-web').setIssuedAt(iat).setExpirationTime(exp).sign(secret);

    // The control: a token made this way, now, works; so each refusal below is for the one thing it changes.
    expect((await profile(await sign({ uid: member.uid, ver: 0 }, now - 60, now + 3600))).status).toBe(200);
    // Issued 25 h ago and still "valid" by its own exp (what a 30-day token from before this change looks like).
    expect((await profile(await sign({ uid: member.uid, ver: 0 }, now - 25 * 3600, now + 5 * 24 * 3600))).status).toBe(401);
    expect((await profile(await sign({ uid: member.uid, ver: 0 }, now - 3 * 3600, now - 60))).status).toBe(401);
    expect((await profile(await sign({ uid: member.uid }, now - 60, now + 3600))).status).toBe(401);
  });
});
