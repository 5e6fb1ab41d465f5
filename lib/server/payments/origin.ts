import 'server-only';
import type { NextRequest } from 'next/server';

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the browser is on, for links it will follow (the checkout page, our return page) and for the sandbox's
 * webhooks to this app. `req.nextUrl.origin` is not it under `next start`: Next builds that URL from its own listening
 * address ('localhost'), and a browser on 127.0.0.1 sent to 'localhost' would arrive without its local storage (no
 * token on the return page). So: X-Forwarded-Host / -Proto (scripts/serve.ts and trusted proxies set them), else Host,
 * each checked for shape; else Next's own idea. A client that lies here only misdirects its own links.
 */
export function requestOrigin(req: NextRequest): string {
  const first = (name: string) => req.headers.get(name)?.split(',')[0]?.trim() || null;
  const host = first('x-forwarded-host') ?? first('host');
  const proto = first('x-forwarded-proto') ?? req.nextUrl.protocol.replace(/:$/, '');
  if (host && HOST.test(host) && (proto === 'http' || proto === 'https')) return `${proto}://${host}`;
  return req.nextUrl.origin;
}
