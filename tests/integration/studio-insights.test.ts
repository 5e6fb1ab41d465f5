import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@/lib/ids';
import { coinPlans, episodeUnlocks, movieSeries, payments, videos, vipPlans, watchSessions } from '@/lib/server/db/schema';
import { manilaToday } from '@/lib/contracts/studio-insights';
import { openAppDb } from '../fixtures/app-db';
import { API_KEY, call } from '../fixtures/http';
import { makeUser } from '../fixtures/users';

/**
 * Studio insights (issue 13 item 4) on PostgreSQL: a known set of watch sessions, unlocks and payments around a
 * three-day Manila range, and the exact figures the API must answer for it (viewers, completion, the funnel, revenue
 * per Manila day), the CSV files, and who may read what.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

const routes = async () => ({
  titles: await import('@/app/api/admin/insights/titles/route'),
  title: await import('@/app/api/admin/insights/titles/[titleId]/route'),
  revenue: await import('@/app/api/admin/insights/revenue/route'),
});
let r: Awaited<ReturnType<typeof routes>>;

type User = { id: string; token: string };
let admin: User;
let editor: User;
let viewer: User;
let series: { id: string; episodes: string[] };
let movie: { id: string; video: string };

/** Manila days 2026-03-01 .. 2026-03-03 are 2026-02-28T16:00Z .. 2026-03-03T16:00Z (UTC+8, no daylight saving). */
const RANGE = 'from=2026-03-01&to=2026-03-03';
const DURATION = 100;

async function session(userId: string, videoId: string, startUtc: string, totalWatchTime: number, status: 'active' | 'stopped' | 'completed' = 'stopped') {
  await (await appDb.db()).insert(watchSessions).values({
    id: newId(),
    userId,
    videoId,
    sessionStartTime: new Date(startUtc),
    totalWatchTime,
    status,
    isCompleted: status === 'completed',
  });
}

async function unlock(userId: string, videoId: string, atUtc: string, coinsSpent: number) {
  await (await appDb.db()).insert(episodeUnlocks).values({ id: newId(), userId, videoId, coinsSpent, createdAt: new Date(atUtc) });
}

type Kind = 'vip' | 'coins' | 'premium_video';
let targets: Record<Kind, Partial<typeof payments.$inferInsert>>;

async function payment(kind: Kind, amountCentavos: number, status: 'paid' | 'pending' | 'failed', paidAtUtc: string | null, userId: string) {
  await (await appDb.db()).insert(payments).values({
    id: newId(),
    kind,
    status,
    amountCentavos,
    provider: 'sandbox',
    userId,
    paidAt: paidAtUtc ? new Date(paidAtUtc) : null,
    ...targets[kind],
  });
}

function csvCall(handler: (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, url: string, token: string, params: Record<string, string> = {}) {
  const req = new NextRequest(new URL(url, 'http://localhost'), { headers: { key: API_KEY, authorization: `Bearer ${token}` } });
  return handler(req, { params: Promise.resolve(params) });
}

/** The CSV's lines after the UTF-8 byte-order mark (read as bytes: Response.text() drops it), without the last line end. */
async function csvLines(res: Response): Promise<string[]> {
  const bytes = Buffer.from(await res.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
}

beforeAll(async () => {
  r = await routes();
  const db = await appDb.db();
  [admin, editor, viewer] = await Promise.all([makeUser(db, { role: 'admin' }), makeUser(db, { role: 'editor' }), makeUser(db)]);

  // A seeded series with at least four episodes, and a seeded movie; durations made round for exact thresholds.
  const seriesRows = await db.select({ id: movieSeries.id }).from(movieSeries).where(eq(movieSeries.type, 2));
  for (const s of seriesRows) {
    const eps = await db.select({ id: videos.id }).from(videos).where(and(eq(videos.movieSeriesId, s.id), gt(videos.episodeNumber, 0))).orderBy(asc(videos.episodeNumber));
    if (eps.length >= 4) {
      series = { id: s.id, episodes: eps.map((e) => e.id) };
      break;
    }
  }
  const [m] = await db.select({ id: movieSeries.id }).from(movieSeries).where(eq(movieSeries.type, 1)).limit(1);
  const [mv] = await db.select({ id: videos.id }).from(videos).where(and(eq(videos.movieSeriesId, m.id), eq(videos.episodeNumber, 1)));
  movie = { id: m.id, video: mv.id };
  await db.update(videos).set({ durationSeconds: DURATION }).where(inArray(videos.id, [...series.episodes, movie.video]));

  const [vip] = await db.select({ id: vipPlans.id }).from(vipPlans).limit(1);
  const [coin] = await db.select({ id: coinPlans.id }).from(coinPlans).limit(1);
  targets = { vip: { vipPlanId: vip.id }, coins: { coinPlanId: coin.id }, premium_video: { videoId: movie.video } };

  const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => makeUser(db)));
  const [ep1, ep2, ep3, ep4] = series.episodes;
  // Episode 1: A completes it (95 of 100 s) and opens it again; B stops at 89 s (not complete); C is still watching;
  // E starts at the very first instant of the range (Manila midnight) and watches nothing; D only outside the range.
  await session(a.id, ep1, '2026-03-01T02:00:00Z', 95);
  await session(a.id, ep1, '2026-03-02T02:00:00Z', 10);
  await session(b.id, ep1, '2026-03-01T05:00:00Z', 89);
  await session(c.id, ep1, '2026-03-02T06:00:00Z', 20, 'active');
  await session(e.id, ep1, '2026-02-28T16:00:00Z', 0);
  await session(d.id, ep1, '2026-02-28T15:59:59Z', 100, 'completed'); // 2026-02-28 23:59:59 in Manila
  await session(d.id, ep1, '2026-03-03T16:00:00Z', 100, 'completed'); // 2026-03-04 00:00 in Manila
  // Episode 2: A ends it 'completed' after 30 s (the player reached the end), B watches exactly 90 %.
  await session(a.id, ep2, '2026-03-02T03:00:00Z', 30, 'completed');
  await session(b.id, ep2, '2026-03-02T04:00:00Z', 90);
  // Episode 3: A only, half of it.
  await session(a.id, ep3, '2026-03-02T05:00:00Z', 50);
  // The movie: A watches it to the end.
  await session(a.id, movie.video, '2026-03-03T01:00:00Z', 40, 'completed');

  await unlock(a.id, ep3, '2026-03-01T10:00:00Z', 30); // 2026-03-01 Manila
  await unlock(b.id, ep4, '2026-03-02T15:30:00Z', 20); // 2026-03-02 23:30 Manila
  await unlock(c.id, ep2, '2026-03-02T16:30:00Z', 25); // 2026-03-03 00:30 Manila
  await unlock(d.id, ep2, '2026-03-03T16:00:00Z', 99); // 2026-03-04 Manila: outside

  await payment('vip', 14_900, 'paid', '2026-03-01T01:00:00Z', a.id);
  await payment('coins', 9_900, 'paid', '2026-03-01T23:30:00Z', b.id); // 23:30 UTC is 07:30 the next day in Manila
  await payment('premium_video', 4_900, 'paid', '2026-03-03T05:00:00Z', c.id);
  await payment('vip', 29_900, 'pending', null, d.id);
  await payment('coins', 19_900, 'failed', '2026-03-02T05:00:00Z', d.id);
  await payment('vip', 14_900, 'paid', '2026-03-03T16:00:00Z', d.id); // 2026-03-04 Manila
  await payment('vip', 14_900, 'paid', '2026-02-28T15:00:00Z', e.id); // 2026-02-28 23:00 Manila
});

describe('title insights', () => {
  it('counts distinct viewers, starts, completions, watch time and unlocks per title, and distinct viewers in the totals', async () => {
    const res = await call(r.titles.GET, `/api/admin/insights/titles?${RANGE}`, { token: editor.token });
    expect(res.status).toBe(200);
    const { range, totals, titles } = res.json.data;
    expect(range).toEqual({ from: '2026-03-01', to: '2026-03-03', days: 3 });
    const s = titles.find((t: { id: string }) => t.id === series.id);
    expect(s).toMatchObject({ viewers: 4, sessions: 8, starts: 7, completions: 3, watchSeconds: 384, unlocks: 3, coinsSpent: 75, type: 2 });
    expect(s.completionRate).toBeCloseTo(3 / 7, 10);
    const m = titles.find((t: { id: string }) => t.id === movie.id);
    expect(m).toMatchObject({ viewers: 1, sessions: 1, starts: 1, completions: 1, completionRate: 1, watchSeconds: 40, unlocks: 0, coinsSpent: 0, type: 1 });
    // A watched both titles: four people, not five.
    expect(totals).toMatchObject({ viewers: 4, sessions: 9, starts: 8, completions: 4, watchSeconds: 424, unlocks: 3, coinsSpent: 75 });
    expect(totals.completionRate).toBe(0.5);
    // Every title is listed, most watched first; nobody watched the rest.
    const all = await (await appDb.db()).select({ id: movieSeries.id }).from(movieSeries);
    expect(titles).toHaveLength(all.length);
    expect(titles[0].id).toBe(series.id);
    expect(titles.filter((t: { viewers: number }) => t.viewers > 0)).toHaveLength(2);
  });

  it('leaves out what happened outside the range: the day before in Manila counts on its own', async () => {
    const res = await call(r.titles.GET, '/api/admin/insights/titles?from=2026-02-28&to=2026-02-28', { token: editor.token });
    const s = res.json.data.titles.find((t: { id: string }) => t.id === series.id);
    expect(s).toMatchObject({ viewers: 1, starts: 1, completions: 1, watchSeconds: 100, unlocks: 0 });
  });

  it('gives each episode its figures and the funnel: drop-off from each episode to the next', async () => {
    const res = await call(r.title.GET, `/api/admin/insights/titles/${series.id}?${RANGE}`, { token: editor.token, params: { titleId: series.id } });
    expect(res.status).toBe(200);
    const { title, totals, episodes } = res.json.data;
    expect(title.id).toBe(series.id);
    expect(totals).toMatchObject({ viewers: 4, starts: 7, completions: 3, watchSeconds: 384, unlocks: 3, coinsSpent: 75 });
    expect(episodes.map((e: { episodeNumber: number }) => e.episodeNumber)).toEqual(series.episodes.map((_, i) => i + 1));
    const [e1, e2, e3, e4] = episodes;
    expect(e1).toMatchObject({ viewers: 4, sessions: 5, completions: 1, completionRate: 0.25, watchSeconds: 214, unlocks: 0, nextViewers: 2, dropOff: 0.5, retention: 1 });
    expect(e2).toMatchObject({ viewers: 2, completions: 2, completionRate: 1, watchSeconds: 120, unlocks: 1, coinsSpent: 25, nextViewers: 1, dropOff: 0.5, retention: 0.5 });
    expect(e3).toMatchObject({ viewers: 1, completions: 0, completionRate: 0, watchSeconds: 50, unlocks: 1, coinsSpent: 30, nextViewers: 0, dropOff: 1, retention: 0.25 });
    expect(e4).toMatchObject({ viewers: 0, unlocks: 1, coinsSpent: 20, retention: 0, dropOff: null });
    expect(episodes.at(-1).nextViewers).toBeNull();
    expect(episodes.at(-1).dropOff).toBeNull();
  });

  it('answers 404 for an unknown title and 422 for a malformed id', async () => {
    const missing = newId();
    const res = await call(r.title.GET, `/api/admin/insights/titles/${missing}`, { token: editor.token, params: { titleId: missing } });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ status: false, code: 'E_NOT_FOUND' });
    const bad = await call(r.title.GET, '/api/admin/insights/titles/nope', { token: editor.token, params: { titleId: 'nope' } });
    expect(bad.status).toBe(422);
  });
});

describe('revenue insights', () => {
  it('sums paid payments by kind per Manila day, every day present, unpaid and out-of-range payments left out', async () => {
    const res = await call(r.revenue.GET, `/api/admin/insights/revenue?${RANGE}`, { token: admin.token });
    expect(res.status).toBe(200);
    const { days, totals } = res.json.data;
    expect(days).toEqual([
      { day: '2026-03-01', vipCentavos: 14_900, coinsCentavos: 0, premiumCentavos: 0, totalCentavos: 14_900, payments: 1, unlocks: 1, coinsSpent: 30 },
      { day: '2026-03-02', vipCentavos: 0, coinsCentavos: 9_900, premiumCentavos: 0, totalCentavos: 9_900, payments: 1, unlocks: 1, coinsSpent: 20 },
      { day: '2026-03-03', vipCentavos: 0, coinsCentavos: 0, premiumCentavos: 4_900, totalCentavos: 4_900, payments: 1, unlocks: 1, coinsSpent: 25 },
    ]);
    expect(totals).toEqual({ vipCentavos: 14_900, coinsCentavos: 9_900, premiumCentavos: 4_900, totalCentavos: 29_700, payments: 3, unlocks: 3, coinsSpent: 75 });
  });

  it('fills days without data with zeros', async () => {
    const res = await call(r.revenue.GET, '/api/admin/insights/revenue?from=2026-02-27&to=2026-02-28', { token: admin.token });
    expect(res.json.data.days).toEqual([
      { day: '2026-02-27', vipCentavos: 0, coinsCentavos: 0, premiumCentavos: 0, totalCentavos: 0, payments: 0, unlocks: 0, coinsSpent: 0 },
      { day: '2026-02-28', vipCentavos: 14_900, coinsCentavos: 0, premiumCentavos: 0, totalCentavos: 14_900, payments: 1, unlocks: 0, coinsSpent: 0 },
    ]);
  });
});

describe('CSV exports', () => {
  it('revenue: a text/csv attachment with centavos and pesos columns', async () => {
    const res = await csvCall(r.revenue.GET, `/api/admin/insights/revenue?${RANGE}&format=csv`, admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="kilig-revenue-2026-03-01_2026-03-03.csv"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await csvLines(res)).toEqual([
      'day,vip_centavos,vip_pesos,coins_centavos,coins_pesos,premium_centavos,premium_pesos,total_centavos,total_pesos,payments,unlocks,coins_spent',
      '2026-03-01,14900,149.00,0,0.00,0,0.00,14900,149.00,1,1,30',
      '2026-03-02,0,0.00,9900,99.00,0,0.00,9900,99.00,1,1,20',
      '2026-03-03,0,0.00,0,0.00,4900,49.00,4900,49.00,1,1,25',
    ]);
  });

  it('titles and episodes: one row per title / episode, names quoted and formula-safe', async () => {
    const db = await appDb.db();
    const [before] = await db.select({ name: movieSeries.name }).from(movieSeries).where(eq(movieSeries.id, movie.id));
    await db.update(movieSeries).set({ name: '=HYPERLINK("x"), part 2' }).where(eq(movieSeries.id, movie.id));
    try {
      const res = await csvCall(r.titles.GET, `/api/admin/insights/titles?${RANGE}&format=csv`, editor.token);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="kilig-titles-2026-03-01_2026-03-03.csv"');
      const lines = await csvLines(res);
      expect(lines[0]).toBe('title_id,title,type,published,episodes,viewers,sessions,starts,completions,completion_rate_percent,watch_seconds,watch_hours,unlocks,coins_spent');
      expect(lines).toHaveLength(1 + (await db.select({ id: movieSeries.id }).from(movieSeries)).length);
      expect(lines.find((l) => l.startsWith(series.id))).toMatch(/,series,yes,\d+,4,8,7,3,42\.9,384,0\.11,3,75$/);
      expect(lines.find((l) => l.startsWith(movie.id))).toBe(`${movie.id},"'=HYPERLINK(""x""), part 2",movie,yes,1,1,1,1,1,100,40,0.01,0,0`);
    } finally {
      await db.update(movieSeries).set({ name: before.name }).where(eq(movieSeries.id, movie.id));
    }

    const eps = await csvCall(r.title.GET, `/api/admin/insights/titles/${series.id}?${RANGE}&format=csv`, editor.token, { titleId: series.id });
    expect(eps.headers.get('content-disposition')).toBe(`attachment; filename="kilig-episodes-${series.id}-2026-03-01_2026-03-03.csv"`);
    const lines = await csvLines(eps);
    expect(lines[0]).toBe(
      'episode_number,episode_id,episode_title,duration_seconds,premium,coin_price,viewers,sessions,completions,completion_rate_percent,watch_seconds,watch_hours,unlocks,coins_spent,next_episode_viewers,drop_off_percent,retention_percent',
    );
    expect(lines).toHaveLength(1 + series.episodes.length);
    expect(lines[1]).toMatch(new RegExp(`^1,${series.episodes[0]},.*,100,(yes|no),\\d+,4,5,1,25,214,0\\.06,0,0,2,50,100$`));
    expect(lines[3]).toMatch(new RegExp(`^3,${series.episodes[2]},.*,1,1,0,0,50,0\\.01,1,30,0,100,25$`));
  });
});

describe('access and input', () => {
  it('lets an editor read viewing figures but not revenue; a viewer reads neither', async () => {
    expect((await call(r.titles.GET, `/api/admin/insights/titles?${RANGE}`, { token: editor.token })).status).toBe(200);
    const revenue = await call(r.revenue.GET, `/api/admin/insights/revenue?${RANGE}`, { token: editor.token });
    expect(revenue.status).toBe(403);
    expect(revenue.json.code).toBe('E_FORBIDDEN');
    const csv = await csvCall(r.revenue.GET, `/api/admin/insights/revenue?${RANGE}&format=csv`, editor.token);
    expect(csv.status).toBe(403);
    expect((await call(r.titles.GET, '/api/admin/insights/titles', { token: viewer.token })).status).toBe(403);
    expect((await call(r.titles.GET, '/api/admin/insights/titles')).status).toBe(401);
  });

  it('defaults to the last 30 Manila days ending today', async () => {
    const res = await call(r.revenue.GET, '/api/admin/insights/revenue', { token: admin.token });
    expect(res.status).toBe(200);
    const { range, days } = res.json.data;
    expect(range.to).toBe(manilaToday());
    expect(range.days).toBe(30);
    expect(days).toHaveLength(30);
    expect(days[0].day).toBe(range.from);
    expect(days.at(-1).day).toBe(range.to);
  });

  it('refuses bad ranges with a 422 naming the field, and a year and a day at most', async () => {
    const cases: [string, string][] = [
      ['from=2026-03-05&to=2026-03-01', 'from'],
      ['from=2025-01-01&to=2026-01-02', 'to'],
      ['from=2026-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['from=0000-01-01', 'from'],
      ['format=xml', 'format'],
    ];
    for (const [q, field] of cases) {
      const res = await call(r.revenue.GET, `/api/admin/insights/revenue?${q}`, { token: admin.token });
      expect(res.status, q).toBe(422);
      expect(res.json.status).toBe(false);
      expect(res.json.message, q).toContain(field);
    }
    const year = await call(r.revenue.GET, '/api/admin/insights/revenue?from=2024-01-01&to=2024-12-31', { token: admin.token });
    expect(year.status).toBe(200);
    expect(year.json.data.days).toHaveLength(366);
  });

  it('answers every malformed query value with a 4xx, never a 5xx (the sweep reaches these as a viewer only)', async () => {
    const values = ['%00', '', '-1', '1e309', '99999999999999999999', 'NaN', 'abc', encodeURIComponent("' OR 1=1 --"), '%', '9999-12-31', '2026-13-01', 'a'.repeat(10_240)];
    for (const name of ['from', 'to', 'format']) {
      for (const v of values) {
        for (const [handler, url, params] of [
          [r.titles.GET, '/api/admin/insights/titles', {}],
          [r.revenue.GET, '/api/admin/insights/revenue', {}],
          [r.title.GET, `/api/admin/insights/titles/${series.id}`, { titleId: series.id }],
        ] as const) {
          const res = await call(handler, `${url}?${name}=${v}`, { token: admin.token, params });
          expect(res.status, `${url} ${name}=${v.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${url} ${name}=${v.slice(0, 20)}`).toBeLessThan(500);
          expect(res.json.status).toBe(false);
        }
      }
    }
  });
});
