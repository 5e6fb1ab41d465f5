import { engineFile } from '@/lib/server/playback/engine';

/**
 * The player's engine (see lib/server/playback/engine.ts): content-hashed, so cached for a year, by browsers and by
 * the shared cache in front of Next (s-maxage: lib/server/http/page-cache.ts keeps its compressed copy).
 */
export async function GET(_req: Request, ctx: { params: Promise<{ file: string }> }) {
  const body = engineFile((await ctx.params).file);
  if (!body) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, s-maxage=31536000, immutable' },
  });
}
