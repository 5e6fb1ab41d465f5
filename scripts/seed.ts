/**
 * `npm run db:seed`: migrates and seeds the demo catalogue into DATABASE_URL (or the embedded server's database in
 * .data, started for the command or shared with a running `npm start`), and packages the encrypted demo media from
 * MEDIA_SOURCE_DIR into media storage (MEDIA_DIR, or S3_MEDIA_BUCKET with STORAGE_DRIVER=s3). Idempotent: run it any number of times. Options: --no-media (rows only).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverEnv } from '../lib/env';
import { openMigratedDb } from '../lib/server/db/prepare';
import { seed, type SeedMediaOptions } from '../lib/server/db/seed';
import { withDatabaseUrl } from './lib/embedded-postgres';

const { values: opts } = parseArgs({ options: { 'no-media': { type: 'boolean', default: false } } });

async function main() {
  const env = serverEnv();
  const t0 = Date.now();
  const sourceDir = path.resolve(env.MEDIA_SOURCE_DIR);
  let media: SeedMediaOptions | false = { sourceDir };
  if (opts['no-media']) media = false;
  else if (!existsSync(path.join(sourceDir, 'clips.json'))) {
    console.warn(`[db:seed] ${path.join(sourceDir, 'clips.json')} not found: seeding rows without media (run npm run media:demo)`);
    media = false;
  }
  await withDatabaseUrl(async (url, where) => {
    const { db, close } = await openMigratedDb({ url });
    try {
      const summary = await seed(db, { media, onProgress: (m) => console.log(`[db:seed] ${m}`) });
      console.log(`[db:seed] ${where} seeded in ${Date.now() - t0} ms`);
      console.table(Object.fromEntries(Object.entries(summary).filter(([, v]) => typeof v === 'number')));
      const stored = env.STORAGE_DRIVER === 's3' ? `bucket ${env.S3_MEDIA_BUCKET}` : path.resolve(env.MEDIA_DIR);
      if (summary.media) console.log(`[db:seed] media in ${stored}:`, summary.media);
    } finally {
      await close();
    }
  });
}

main().catch((err) => {
  console.error('[db:seed] failed:', err);
  process.exit(1);
});
