import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDb, type Db } from '@/lib/server/db/client';
import { openMigratedDb } from '@/lib/server/db/prepare';
import * as schema from '@/lib/server/db/schema';
import { PRIVACY, TERMS } from '@/lib/server/db/policies';
import { seed, seedId } from '@/lib/server/db/seed';
import { TITLES } from '@/lib/server/db/seed-data';
import { openContentKey } from '@/lib/server/drm/keys';
import { localStorage } from '@/lib/server/storage';
import { freshDb, TEST_PG_ENV, throwawayPostgres } from '../fixtures/db';

const tables = Object.values(schema as Record<string, unknown>).filter((t): t is PgTable => is(t, PgTable));
const tableNames = tables.map((t) => getTableConfig(t).name).sort();

async function rows<T = Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

async function publicTables(db: Db): Promise<string[]> {
  const r = await rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return r.map((x) => x.table_name);
}

/** Per table: row count and the sorted identities (primary key columns) of its rows. */
async function snapshot(db: Db): Promise<Record<string, { count: number; keys: string[] }>> {
  const out: Record<string, { count: number; keys: string[] }> = {};
  for (const table of tables) {
    const cfg = getTableConfig(table);
    const pk = cfg.columns.filter((c) => c.primary).map((c) => c.name);
    const keyCols = pk.length ? pk : cfg.primaryKeys[0].columns.map((c) => c.name);
    const list = await rows(db, sql`select * from ${sql.identifier(cfg.name)}`);
    out[cfg.name] = { count: list.length, keys: list.map((r) => keyCols.map((k) => String(r[k])).join(':')).sort() };
  }
  return out;
}

async function videoKeys(db: Db) {
  return rows<{ id: string; media_path: string; drm_key_id: string; sealed_key: string }>(
    db,
    sql`select id, media_path, drm_key_id, sealed_key from videos order by id`,
  );
}

async function expectSeedIsIdempotent(db: Db) {
  await seed(db, { media: false });
  const first = await snapshot(db);
  const keys = await videoKeys(db);
  await seed(db, { media: false });
  const second = await snapshot(db);
  expect(second).toEqual(first);
  // Content keys and media folders are made once per video, never regenerated.
  expect(await videoKeys(db)).toEqual(keys);
  // The seed's ids are the deterministic ones.
  expect(first.movie_series.keys).toEqual(TITLES.map((t) => seedId('title', t.slug)).sort());
  return first;
}

async function expectUniqueness(db: Db) {
  const user = { id: 'a'.repeat(24), firebaseUid: `uid-${Math.random()}`, loginType: 5, name: 'Rosa' };
  await db.insert(schema.users).values(user);
  const [video] = await db.select({ id: schema.videos.id }).from(schema.videos).limit(1);
  const [title] = await db.select({ id: schema.movieSeries.id }).from(schema.movieSeries).limit(1);

  await db.insert(schema.likes).values({ id: 'b'.repeat(24), userId: user.id, videoId: video.id });
  await expect(db.insert(schema.likes).values({ id: 'c'.repeat(24), userId: user.id, videoId: video.id })).rejects.toThrow();

  await db.insert(schema.myList).values({ id: 'd'.repeat(24), userId: user.id, movieSeriesId: title.id });
  await expect(db.insert(schema.myList).values({ id: 'e'.repeat(24), userId: user.id, movieSeriesId: title.id })).rejects.toThrow();

  await db.insert(schema.episodeUnlocks).values({ id: 'f'.repeat(24), userId: user.id, videoId: video.id, coinsSpent: 5 });
  await expect(
    db.insert(schema.episodeUnlocks).values({ id: '0'.repeat(24), userId: user.id, videoId: video.id, coinsSpent: 5 }),
  ).rejects.toThrow();

  await expect(db.insert(schema.ratings).values({ id: '1'.repeat(24), userId: user.id, videoId: video.id, rating: 6 })).rejects.toThrow();
  await expect(db.insert(schema.users).values({ ...user, id: '2'.repeat(24) })).rejects.toThrow(); // same firebase uid
  await expect(
    db.update(schema.users).set({ coins: -1 }).where(sql`${schema.users.id} = ${user.id}`),
  ).rejects.toThrow(); // balance never negative

  const likes = await rows<{ n: number }>(db, sql`select count(*)::int as n from likes`);
  expect(likes[0].n).toBe(1);
}

const adminUrl = () => process.env[TEST_PG_ENV.admin]!;

describe('PostgreSQL', () => {
  it('migrations apply to an empty database, and two instances starting at once both succeed', async () => {
    const target = await throwawayPostgres(adminUrl());
    try {
      const bare = await createDb({ url: target.url });
      try {
        expect(await publicTables(bare.db)).toEqual([]);
      } finally {
        await bare.close();
      }
      // The advisory lock serialises concurrent migrations.
      const [a, b] = await Promise.all([openMigratedDb({ url: target.url }), openMigratedDb({ url: target.url })]);
      try {
        expect(await publicTables(a.db)).toEqual(tableNames);
        // Applying again is a no-op.
        const { migrate } = await import('@/lib/server/db/migrate');
        await migrate(a.db);
        const journal = await rows<{ n: number }>(a.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect(journal[0].n).toBeGreaterThanOrEqual(1);
        expect(await publicTables(b.db)).toEqual(tableNames);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    } finally {
      await target.drop();
    }
  });

  it('seeding twice leaves the same rows (counts and ids per table)', async () => {
    const { db, close } = await freshDb();
    try {
      const snap = await expectSeedIsIdempotent(db);
      expect(snap.movie_series.count).toBeGreaterThanOrEqual(16);
      expect(snap.categories.count).toBeGreaterThanOrEqual(7);
      expect(snap.artists.count).toBeGreaterThanOrEqual(3);
      expect(snap.banners.count).toBeGreaterThanOrEqual(4);
      expect(snap.banners.count).toBeLessThanOrEqual(6);
      expect(snap.vip_plans.count).toBe(3);
      expect(snap.coin_plans.count).toBeGreaterThanOrEqual(4);
    } finally {
      await close();
    }
  });

  it('uniqueness and check constraints hold (a second like by the same user on the same video fails)', async () => {
    const { db, close } = await freshDb({ seed: true });
    try {
      await expectUniqueness(db);
    } finally {
      await close();
    }
  });

  it('stores sealed content keys that open to 16-byte keys, with 32-hex key ids and 16-hex media folders', async () => {
    const { db, close } = await freshDb({ seed: true });
    try {
      const keys = await videoKeys(db);
      expect(keys.length).toBeGreaterThan(40);
      for (const k of keys) {
        expect(k.id).toMatch(/^[0-9a-f]{24}$/);
        expect(k.drm_key_id).toMatch(/^[0-9a-f]{32}$/);
        expect(k.media_path).toMatch(/^[0-9a-f]{16}$/);
        expect(openContentKey(k.sealed_key)).toHaveLength(16);
      }
      expect(new Set(keys.map((k) => k.media_path)).size).toBe(keys.length);
    } finally {
      await close();
    }
  });

  it('seeds plans, settings and the policy pages of spec §2', async () => {
    const { db, close } = await freshDb({ seed: true });
    try {
      const plans = await db.select().from(schema.vipPlans).orderBy(schema.vipPlans.sortOrder);
      expect(plans.map((p) => [p.subscriptionType, p.priceCentavos, p.validityDays])).toEqual([
        ['weekly', 9900, 7],
        ['monthly', 29900, 30],
        ['lifetime', 199900, null],
      ]);
      const settings = Object.fromEntries((await db.select().from(schema.settings)).map((r) => [r.key, r.value]));
      expect(settings.currency).toBe('PHP');
      expect(settings.minimumAge).toBe(18);

      const pages = Object.fromEntries((await db.select().from(schema.contentPages)).map((p) => [p.slug, p]));
      expect(Object.keys(pages).sort()).toEqual(['about', 'contact', 'privacy', 'terms']);
      expect(pages.terms.title).toBe('Mobile App Terms and Conditions');
      expect(pages.terms.body.sections.map((s) => s.heading)).toEqual([
        'Introduction', 'Use of the App', 'Intellectual Property', 'DRM and EME', 'Content Licensing',
        'Subscription Services', 'Disclaimer', 'Limitation of Liability', 'Indemnification', 'Changes to Terms',
        'Governing Law', 'Dispute Resolution',
      ]);
      expect(pages.privacy.title).toBe('Mobile App Privacy Policy');
      expect(pages.privacy.body.sections.map((s) => s.heading)).toEqual([
        'Introduction', 'Information We Collect', 'How We Use Your Information', 'Sharing Your Information',
        'Data Security', 'Data Retention', 'Your Rights', "Children's Privacy", 'Cookies and Tracking Technologies',
        'Third-Party Advertising', 'Updates and Modifications',
      ]);
      for (const page of [pages.terms, pages.privacy]) {
        for (const s of page.body.sections) {
          expect(s.paragraphs.length).toBeGreaterThanOrEqual(1);
          expect(s.paragraphs.length).toBeLessThanOrEqual(3);
        }
      }
      const privacy = PRIVACY.body.sections.flatMap((s) => s.paragraphs).join(' ');
      for (const phrase of ['date of birth', 'password', 'government-issued ID', 'full name, address and phone number', 'two third-party payment providers', 'usage information', 'device information', 'location information', '"Delete Account"', '18']) {
        expect(privacy).toContain(phrase);
      }
      const terms = TERMS.body.sections.flatMap((s) => s.paragraphs).join(' ');
      for (const phrase of ['at least 18', 'third-party DRM provider', 'circumvent', 'geographic restrictions', 'cancel your subscription at any time in your account settings', 'may not be refunded', 'Republic of the Philippines']) {
        expect(terms).toContain(phrase);
      }
    } finally {
      await close();
    }
  });

  it('survives the server ending its idle connections (a restart, or drop database with force), and reconnects', async () => {
    const own = await freshDb();
    try {
      await own.db.execute(sql`select 1`); // leaves an idle connection in the pool
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ n: number }>(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [own.name],
        );
        expect(rows[0].n).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      // Without the pool's error listener the terminated connection's 'error' is an uncaught exception here.
      await new Promise((r) => setTimeout(r, 200));
      const result = (await own.db.execute(sql`select 2 as two`)) as unknown as { rows: { two: number }[] };
      expect(Number(result.rows[0].two)).toBe(2);
    } finally {
      await own.close();
    }
  });
});

const demoClips = path.resolve('media/demo');
const haveClips = existsSync(path.join(demoClips, 'clips.json'));

describe.skipIf(!haveClips)('media', () => {
  it('packages every video once, encrypted under its own key id, and skips existing packages on re-seed', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'kilig-media-'));
    const { db, close } = await freshDb();
    try {
      const first = await seed(db, { media: { sourceDir: demoClips, storage: localStorage(outDir) } });
      expect(first.media).toEqual({ packaged: first.videos, existing: 0, skipped: 0 });
      for (const v of await videoKeys(db)) {
        const mpd = readFileSync(path.join(outDir, v.media_path, 'manifest.mpd'), 'utf8');
        const kid = v.drm_key_id.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
        expect(mpd.toLowerCase()).toContain(kid);
      }
      const second = await seed(db, { media: { sourceDir: demoClips, storage: localStorage(outDir) } });
      expect(second.media).toEqual({ packaged: 0, existing: first.videos, skipped: 0 });
    } finally {
      await close();
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 600_000);
});
