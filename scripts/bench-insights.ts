/**
 * `tsx --conditions=react-server scripts/bench-insights.ts [--users N] [--sessions N] [--time-index] [--keep]`: the studio insights
 * queries on a database the size of a running service, with their plans. Creates a throwaway database on
 * BENCH_DATABASE_URL's server (default: the local trust-auth server, postgres://postgres@127.0.0.1:5432/postgres),
 * migrates and seeds it (no media), fills watch sessions, unlocks and payments over 400 days in SQL, ANALYZEs, then
 * runs each insights function for 30 and 366 days and prints EXPLAIN (ANALYZE, BUFFERS) of every statement it sends
 * and its time. Drops the database at the end unless --keep.
 */
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../lib/server/db/client';
import { openMigratedDb } from '../lib/server/db/prepare';
import { seed } from '../lib/server/db/seed';
import { insightsRange, revenueInsights, titleEpisodesInsights, titlesInsights } from '../lib/server/studio/insights';

const { values: opts } = parseArgs({
  options: {
    users: { type: 'string', default: '20000' },
    sessions: { type: 'string', default: '400000' },
    keep: { type: 'boolean', default: false },
    /** Adds the index the overview lacks (proposed, not in a migration): btree on watch_sessions(session_start_time). */
    'time-index': { type: 'boolean', default: false },
  },
});
const USERS = Number(opts.users);
const SESSIONS = Number(opts.sessions);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(query: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

const hexId = sql.raw(`substr(md5(random()::text || clock_timestamp()::text), 1, 24)`);

async function fill(db: Db): Promise<void> {
  // Users, then sessions spread over 400 days across every episode (more on early episodes: a funnel), then unlocks
  // and payments in proportion. All in SQL: a million rows through the driver would take minutes.
  await db.execute(sql`
    insert into users (id, firebase_uid, login_type, name, email)
    select ${hexId}, 'bench-' || g, 5, 'Bench ' || g, 'bench' || g || '@example.ph' from generate_series(1, ${USERS}) g`);
  await db.execute(sql`create temporary table bench_users as select id, row_number() over () as n from users`);
  await db.execute(sql`create temporary table bench_videos as
    select id, row_number() over () as n, duration_seconds from videos where episode_number > 0`);
  // Inserted in time order, as a live service appends them: the heap's order follows session_start_time.
  await db.execute(sql`
    insert into watch_sessions (id, user_id, video_id, session_start_time, total_watch_time, status, is_completed)
    select ${hexId}, u.id, v.id, x.at, t.w, t.s, t.s = 'completed'
    from (select g, (random() * (select count(*) - 1 from bench_users))::int + 1 as un,
                 (power(random(), 2) * (select count(*) - 1 from bench_videos))::int + 1 as vn,
                 now() - random() * interval '400 days' as at from generate_series(1, ${SESSIONS}) g) x
    join bench_users u on u.n = x.un
    join bench_videos v on v.n = x.vn
    cross join lateral (select x.g, (random() * 40)::int as w, (array['completed', 'stopped', 'paused', 'active'])[1 + (random() * 3)::int] as s) t
    order by x.at`);
  await db.execute(sql`
    insert into episode_unlocks (id, user_id, video_id, coins_spent, created_at)
    select ${hexId}, user_id, video_id, 20 + (random() * 20)::int, session_start_time
    from watch_sessions tablesample bernoulli (10) order by session_start_time on conflict do nothing`);
  await db.execute(sql`
    insert into payments (id, kind, status, amount_centavos, provider, user_id, vip_plan_id, coin_plan_id, video_id, paid_at, created_at)
    select ${hexId}, k.kind, k.status, k.amount, 'sandbox', u.id,
           case when k.kind = 'vip' then (select id from vip_plans limit 1) end,
           case when k.kind = 'coins' then (select id from coin_plans limit 1) end,
           case when k.kind = 'premium_video' then (select id from bench_videos limit 1) end,
           case when k.status = 'paid' then k.at end, k.at
    from bench_users u
    cross join lateral (select u.n, (array['vip', 'coins', 'premium_video'])[1 + (random() * 2)::int] as kind,
                               (array['paid', 'paid', 'pending', 'failed'])[1 + (random() * 3)::int] as status,
                               (9900 + random() * 20000)::int as amount, now() - random() * interval '400 days' as at) k`);
  if (opts['time-index']) await db.execute(sql`create index watch_sessions_start_idx on watch_sessions (session_start_time)`);
  await db.execute(sql`analyze`);
}

async function counts(db: Db): Promise<Record<string, number>> {
  const r = await db.execute<Record<string, string>>(sql`select
    (select count(*) from watch_sessions) as watch_sessions, (select count(*) from episode_unlocks) as episode_unlocks,
    (select count(*) from payments) as payments, (select count(*) from videos) as videos, (select count(*) from users) as users`);
  return Object.fromEntries(Object.entries(r.rows[0]).map(([k, v]) => [k, Number(v)]));
}

/** `db` whose every statement is also EXPLAINed (ANALYZE, BUFFERS) into `plans` before it runs. */
function explaining(db: Db, plans: string[]): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (query: SQL) => {
        const plan = await target.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers, costs off) ${query}`);
        plans.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
        return target.execute(query);
      };
    },
  });
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  console.log(`${label}: ${(performance.now() - t0).toFixed(1)} ms`);
  return out;
}

async function main() {
  const name = `kilig_bench_insights_${Date.now().toString(36)}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  // Filling takes longer than the app's statement timeout allows one statement.
  const { db, close } = await openMigratedDb({ url: url.toString(), pool: { statementTimeoutMs: 900_000, max: 2 } });
  try {
    await seed(db, { media: false });
    const t0 = performance.now();
    await fill(db);
    console.log(`filled in ${((performance.now() - t0) / 1000).toFixed(1)} s:`, await counts(db));

    const [top] = (await db.execute<{ id: string }>(sql`select movie_series_id as id from videos group by 1 order by count(*) desc limit 1`)).rows;
    for (const days of [30, 366]) {
      const range = insightsRange({ from: undefined, to: undefined }, new Date());
      const r = days === 30 ? range : insightsRange({ to: range.to, from: new Date(Date.parse(range.to) - 365 * 86_400_000).toISOString().slice(0, 10) });
      console.log(`\n=== ${r.from} .. ${r.to} (${r.days} days) ===`);
      // Timings first, without EXPLAIN's overhead.
      await timed('titles', () => titlesInsights(db, r));
      await timed('title episodes', () => titleEpisodesInsights(db, top.id, r));
      await timed('revenue', () => revenueInsights(db, r));
      const plans: string[] = [];
      const x = explaining(db, plans);
      await titlesInsights(x, r);
      await titleEpisodesInsights(x, top.id, r);
      await revenueInsights(x, r);
      for (const p of plans) console.log(`\n${p}`);
    }
  } finally {
    await close();
    if (opts.keep) console.log(`kept database ${name}`);
    else await admin(`drop database if exists ${name} with (force)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
