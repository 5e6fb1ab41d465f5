import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/app-error';
import type { EpisodeInsight, RevenueDay, RevenueInsights, TitleEpisodesInsights, TitlesInsights, WatchFigures } from '@/lib/contracts/studio-insights';
import { resolveInsightsRange, type InsightsRange, type InsightsRangeInput } from '@/lib/contracts/studio-insights';

/**
 * Studio insights (issue 13, item 4), read from what the app already records. Every figure is aggregated in
 * PostgreSQL, over index ranges where an index fits (scripts/bench-insights.ts prints the plans on a big database);
 * JavaScript only renames the columns of the handful of rows that come back.
 *
 * Definitions (the page repeats them under its tables):
 * - A viewer is a user with at least one watch session that started in the range. Every session belongs to a users
 *   row (the player records none without a product token); a guest's anonymous account counts as one viewer, like
 *   any account, so one device is one viewer until its owner signs in.
 * - A start is a (viewer, episode) pair: one viewer opening the same episode three times is one start.
 * - A start is complete when any of its sessions ended 'completed' (the player reached the end) or watched at least
 *   90 % of the episode's duration. Completion rate = complete starts / starts.
 * - Funnel of a series: viewers of episode n (in the range) and the drop-off to n + 1, 1 − viewers(n+1) / viewers(n).
 *   It counts who started each episode, not only those who came from the one before.
 * - Days are Asia/Manila calendar days; a range's days are all present, zero where nothing happened.
 * - Money is integer centavos of paid payments, by the day they were paid (paid_at), never unpaid or failed ones.
 */

/** The range's first instant and the instant after its last day, both at Manila midnight. */
function bounds(range: InsightsRange): { lo: SQL; hi: SQL } {
  return {
    lo: sql`((${range.from}::date)::timestamp at time zone 'Asia/Manila')`,
    hi: sql`((${range.to}::date + 1)::timestamp at time zone 'Asia/Manila')`,
  };
}

/**
 * One episode's starts in the range: a row per viewer with their sessions, watch time and whether one of them reached
 * the end (see the definitions above). Used as `cross join lateral` from an episode row `v` (id, duration_seconds):
 * the aggregate keeps PostgreSQL from flattening it into a join, so each episode is one range scan of
 * watch_sessions_video_start_idx (video_id, session_start_time) however long the range.
 */
const viewerPairs = (v: SQL, lo: SQL, hi: SQL) => sql`
  select ws.video_id, ws.user_id, count(*) as sessions, sum(ws.total_watch_time) as watch_seconds,
         bool_or(ws.status = 'completed' or ws.is_completed
                 or (${v}.duration_seconds > 0 and ws.total_watch_time::bigint * 10 >= ${v}.duration_seconds::bigint * 9)) as completed
  from watch_sessions ws
  where ws.video_id = ${v}.id and ws.session_start_time >= ${lo} and ws.session_start_time < ${hi}
  group by ws.video_id, ws.user_id`;

/**
 * The totals row of a query with the CTEs `pairs` (one row per viewer and episode), `watch` and `unlocked` (one row
 * per title or episode): sums of the additive figures, and viewers counted once however many titles or episodes they
 * started. A hash aggregate each: `count(distinct …)` under grouping sets sorted every pair and spilled to disk on a
 * year's range.
 */
const TOTALS = sql`
  (select count(*) from (select user_id from pairs group by user_id) x),
  (select sum(sessions) from watch), (select sum(starts) from watch), (select sum(completions) from watch),
  (select sum(watch_seconds) from watch), (select sum(unlocks) from unlocked), (select sum(coins_spent) from unlocked)`;

/** The range a call covers (defaults filled), or a 422 naming the field. */
export function insightsRange(input: InsightsRangeInput, now: Date = new Date()): InsightsRange {
  const r = resolveInsightsRange(input, now);
  if ('error' in r) throw new AppError('E_VALIDATION', `Invalid query: ${r.error}`);
  return r;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
/** Share of `part` in `whole`, 0..1; 0 when there is no whole. */
export const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

type WatchRow = { viewers: unknown; sessions: unknown; starts: unknown; completions: unknown; watch_seconds: unknown; unlocks: unknown; coins_spent: unknown };

function figures(r: WatchRow | undefined): WatchFigures {
  const starts = num(r?.starts);
  const completions = num(r?.completions);
  return {
    viewers: num(r?.viewers),
    sessions: num(r?.sessions),
    starts,
    completions,
    completionRate: rate(completions, starts),
    watchSeconds: num(r?.watch_seconds),
    unlocks: num(r?.unlocks),
    coinsSpent: num(r?.coins_spent),
  };
}

/**
 * Every title with its figures over the range (zeros for titles nobody watched), and the totals across titles:
 * total viewers are distinct people, not the sum of each title's viewers.
 */
export async function titlesInsights(db: Db, range: InsightsRange): Promise<TitlesInsights> {
  const { lo, hi } = bounds(range);
  const result = await db.execute<WatchRow & { id: string | null; name: string | null; type: number | null; is_published: boolean | null; episodes: unknown }>(sql`
    -- A plain join, not one lateral range per episode: across every title a long range is most of the table, which
    -- one sequential scan reads faster than an index visit per row, and the planner chooses that way only here.
    -- For short ranges an index leading with session_start_time would serve better still (none exists yet:
    -- scripts/bench-insights.ts --time-index shows the plan with one).
    with pairs as materialized (
      select v.movie_series_id as title_id, ws.video_id, ws.user_id, count(*) as sessions, sum(ws.total_watch_time) as watch_seconds,
             bool_or(ws.status = 'completed' or ws.is_completed
                     or (v.duration_seconds > 0 and ws.total_watch_time::bigint * 10 >= v.duration_seconds::bigint * 9)) as completed
      from watch_sessions ws join videos v on v.id = ws.video_id
      where ws.session_start_time >= ${lo} and ws.session_start_time < ${hi} and v.episode_number > 0
      group by v.movie_series_id, ws.video_id, ws.user_id
    ),
    watch as (
      select title_id, sum(sessions) as sessions, count(*) as starts, count(*) filter (where completed) as completions,
             sum(watch_seconds) as watch_seconds
      from pairs
      group by title_id
    ),
    title_viewers as (
      select title_id, count(*) as viewers from (select title_id, user_id from pairs group by title_id, user_id) x group by title_id
    ),
    unlocked as (
      select v.movie_series_id as title_id, count(*) as unlocks, sum(eu.coins_spent) as coins_spent
      from episode_unlocks eu
      join videos v on v.id = eu.video_id
      where eu.created_at >= ${lo} and eu.created_at < ${hi}
      group by v.movie_series_id
    ),
    episode_counts as (
      select movie_series_id as title_id, count(*) as episodes from videos where episode_number > 0 group by movie_series_id
    )
    select ms.id, ms.name, ms.type, ms.is_published, coalesce(ec.episodes, 0) as episodes,
           tv.viewers, w.sessions, w.starts, w.completions, w.watch_seconds, u.unlocks, u.coins_spent
    from movie_series ms
    left join episode_counts ec on ec.title_id = ms.id
    left join watch w on w.title_id = ms.id
    left join title_viewers tv on tv.title_id = ms.id
    left join unlocked u on u.title_id = ms.id
    union all
    select null, null, null, null, null, ${TOTALS}
  `);
  const rows = result.rows;
  const totalsRow = rows.find((r) => r.id === null);
  const titles = rows
    .filter((r) => r.id !== null)
    .map((r) => ({ id: r.id!, name: r.name!, type: r.type as 1 | 2, isPublished: !!r.is_published, episodes: num(r.episodes), ...figures(r) }))
    .sort((a, b) => b.viewers - a.viewers || b.watchSeconds - a.watchSeconds || a.name.localeCompare(b.name));
  return { range, totals: figures(totalsRow), titles };
}

/** One title's episodes in order with their figures and the funnel from each to the next; 404 for an unknown title. */
export async function titleEpisodesInsights(db: Db, titleId: string, range: InsightsRange): Promise<TitleEpisodesInsights> {
  const titleResult = await db.execute<{ id: string; name: string; type: number; is_published: boolean }>(
    sql`select id, name, type, is_published from movie_series where id = ${titleId}`,
  );
  const title = titleResult.rows[0];
  if (!title) throw new AppError('E_NOT_FOUND', 'Title not found.');

  const { lo, hi } = bounds(range);
  const result = await db.execute<
    WatchRow & { id: string | null; episode_number: number | null; title: string | null; duration_seconds: number | null; is_premium: boolean | null; coin_price: number | null; next_viewers: unknown }
  >(sql`
    with eps as (
      select id, episode_number, title, duration_seconds, is_premium, coin_price
      from videos where movie_series_id = ${titleId} and episode_number > 0
    ),
    pairs as materialized (
      select p.* from eps cross join lateral (${viewerPairs(sql`eps`, lo, hi)}) p
    ),
    watch as (
      select video_id, count(*) as viewers, sum(sessions) as sessions, count(*) as starts,
             count(*) filter (where completed) as completions, sum(watch_seconds) as watch_seconds
      from pairs
      group by video_id
    ),
    unlocked as (
      select eu.video_id, count(*) as unlocks, sum(eu.coins_spent) as coins_spent
      from eps
      join episode_unlocks eu on eu.video_id = eps.id and eu.created_at >= ${lo} and eu.created_at < ${hi}
      group by eu.video_id
    )
    select eps.id, eps.episode_number, eps.title, eps.duration_seconds, eps.is_premium, eps.coin_price,
           w.viewers, w.sessions, w.starts, w.completions, w.watch_seconds, u.unlocks, u.coins_spent,
           lead(coalesce(w.viewers, 0)) over (order by eps.episode_number) as next_viewers
    from eps
    left join watch w on w.video_id = eps.id
    left join unlocked u on u.video_id = eps.id
    union all
    select null, null, null, null, null, null, ${TOTALS}, null
  `);
  const rows = result.rows;
  const episodeRows = rows.filter((r) => r.id !== null).sort((a, b) => num(a.episode_number) - num(b.episode_number));
  const firstViewers = num(episodeRows[0]?.viewers);
  const episodes: EpisodeInsight[] = episodeRows.map((r) => {
    const f = figures(r);
    const nextViewers = r.next_viewers === null || r.next_viewers === undefined ? null : num(r.next_viewers);
    return {
      id: r.id!,
      episodeNumber: num(r.episode_number),
      title: r.title,
      durationSeconds: num(r.duration_seconds),
      isPremium: !!r.is_premium,
      coinPrice: num(r.coin_price),
      ...f,
      nextViewers,
      dropOff: nextViewers === null || f.viewers === 0 ? null : 1 - nextViewers / f.viewers,
      retention: firstViewers > 0 ? f.viewers / firstViewers : null,
    };
  });
  return {
    range,
    title: { id: title.id, name: title.name, type: title.type as 1 | 2, isPublished: title.is_published },
    totals: figures(rows.find((r) => r.id === null)),
    episodes,
  };
}

/** Revenue (paid payments by kind, in centavos) and coin unlocks per Manila day, every day of the range present. */
export async function revenueInsights(db: Db, range: InsightsRange): Promise<RevenueInsights> {
  const { lo, hi } = bounds(range);
  const result = await db.execute<{ day: string; vip: unknown; coins: unknown; premium: unknown; payments: unknown; unlocks: unknown; coins_spent: unknown }>(sql`
    with days as (
      select d::date as day from generate_series(${range.from}::timestamp, ${range.to}::timestamp, interval '1 day') as d
    ),
    paid as (
      select (paid_at at time zone 'Asia/Manila')::date as day,
             sum(amount_centavos) filter (where kind = 'vip') as vip,
             sum(amount_centavos) filter (where kind = 'coins') as coins,
             sum(amount_centavos) filter (where kind = 'premium_video') as premium,
             count(*) as payments
      from payments
      where status = 'paid' and paid_at >= ${lo} and paid_at < ${hi}
      group by 1
    ),
    unlocked as (
      select (created_at at time zone 'Asia/Manila')::date as day, count(*) as unlocks, sum(coins_spent) as coins_spent
      from episode_unlocks
      where created_at >= ${lo} and created_at < ${hi}
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, paid.vip, paid.coins, paid.premium, paid.payments, unlocked.unlocks, unlocked.coins_spent
    from days
    left join paid on paid.day = days.day
    left join unlocked on unlocked.day = days.day
    order by days.day
  `);
  const days: RevenueDay[] = result.rows.map((r) => {
    const vipCentavos = num(r.vip);
    const coinsCentavos = num(r.coins);
    const premiumCentavos = num(r.premium);
    return {
      day: r.day,
      vipCentavos,
      coinsCentavos,
      premiumCentavos,
      totalCentavos: vipCentavos + coinsCentavos + premiumCentavos,
      payments: num(r.payments),
      unlocks: num(r.unlocks),
      coinsSpent: num(r.coins_spent),
    };
  });
  const totals = days.reduce(
    (t, d) => ({
      vipCentavos: t.vipCentavos + d.vipCentavos,
      coinsCentavos: t.coinsCentavos + d.coinsCentavos,
      premiumCentavos: t.premiumCentavos + d.premiumCentavos,
      totalCentavos: t.totalCentavos + d.totalCentavos,
      payments: t.payments + d.payments,
      unlocks: t.unlocks + d.unlocks,
      coinsSpent: t.coinsSpent + d.coinsSpent,
    }),
    { vipCentavos: 0, coinsCentavos: 0, premiumCentavos: 0, totalCentavos: 0, payments: 0, unlocks: 0, coinsSpent: 0 },
  );
  return { range, totals, days };
}
