import { NextResponse } from 'next/server';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';

export const dynamic = 'force-dynamic';

/** A load balancer must hear 'not ready' quickly: the database gets this long, whatever the pool's own timeouts. */
const HEALTH_TIMEOUT_MS = 1500;

// GET api/health – readiness: 200 once the database answers (migrated, and seeded when empty); 503 within 2 s when not.
export async function GET() {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
    });
    await Promise.race([getDb().then((db) => db.execute(sql`select 1`)), timeout]);
    return NextResponse.json({ status: true, message: 'ok' }, { headers: { 'cache-control': 'no-store' } });
  } catch (err) {
    log.warn('health check: database unavailable', { err: err instanceof Error ? err.message : String(err) });
    return NextResponse.json(
      { status: false, message: 'Database unavailable. Please try again shortly.', code: 'E_UNAVAILABLE' },
      { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': '5' } },
    );
  } finally {
    clearTimeout(timer);
  }
}
