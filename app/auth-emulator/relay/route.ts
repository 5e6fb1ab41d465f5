import { NextResponse } from 'next/server';
import { serverEnv } from '@/lib/env';

export const dynamic = 'force-dynamic';

/** Emulator mode only: a same-origin frame that passes the account chooser's result up to the page that opened it. */
const RELAY = `<!doctype html><meta charset="utf-8"><title>relay</title><script>
window.addEventListener('message', function (e) {
  if (e.origin !== location.origin || !e.data || e.data.eventType !== 'sendAuthEvent') return;
  parent.postMessage({ kind: 'kilig-emulator-auth', authEvent: e.data.data && e.data.data.authEvent }, location.origin);
});
</script>`;

export function GET() {
  if (!serverEnv().FIREBASE_AUTH_EMULATOR_HOST) return NextResponse.json({ status: false, message: 'Not found', code: 'E_NOT_FOUND' }, { status: 404 });
  return new NextResponse(RELAY, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } });
}
