import 'server-only';
import { NextResponse } from 'next/server';

/** `{status: true, message, ...fields}`: the success shape every endpoint answers. Personal answers are never cached. */
export function ok(message: string, fields: Record<string, unknown>, init: { personal?: boolean } = {}): NextResponse {
  return NextResponse.json(
    { status: true, message, ...fields },
    { headers: { 'cache-control': init.personal === false ? 'public, max-age=30, stale-while-revalidate=300' : 'private, no-store' } },
  );
}
