import { NextResponse } from 'next/server';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';

export const dynamic = 'force-dynamic';

/** Readiness: answers 200 once the database is migrated (and seeded when empty). Used by start scripts and load balancers. */
export async function GET() {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return NextResponse.json({ status: true, message: 'ok' }, { headers: { 'cache-control': 'no-store' } });
  } catch {
    return NextResponse.json({ status: false, message: 'database unavailable', code: 'E_INTERNAL' }, { status: 503 });
  }
}
