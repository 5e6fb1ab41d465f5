import 'server-only';
import { Readable } from 'node:stream';
import { mediaStorage } from './index';
import { contentTypeOf, IMMUTABLE_CACHE_CONTROL, isValidKey, RangeNotSatisfiableError } from './keys';
import type { ObjectStorage } from './types';

/** Deepest media path: '<mediaPath>/<rendition>/<segment>' and 'images/<id>/<file>' have three or fewer segments. */
const MAX_SEGMENTS = 4;

/**
 * URL segments (already decoded) to a media storage key, or null for anything that is not one: '..', empty segments,
 * and names starting with a dot, such as a `.staging` folder of packages still being built (lib/server/storage/keys.ts).
 */
export function mediaKey(segments: string[]): string | null {
  if (segments.length === 0 || segments.length > MAX_SEGMENTS) return null;
  const key = segments.join('/');
  return segments.every((s) => !s.includes('/')) && isValidKey(key) ? key : null;
}

type Range = { start: number; end: number };

/** Parses a single `bytes=` range; 'invalid' means the header cannot be satisfied (416). Multi-range is not served. */
export function parseRange(header: string | null, size: number): Range | 'invalid' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'invalid';
  return { start, end };
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

function unsatisfiable(headers: Headers, size: number): Response {
  headers.set('content-range', `bytes */${size}`);
  headers.delete('content-length');
  return new Response(null, { status: 416, headers });
}

/**
 * Serves one packaged media file from media storage (a folder or a bucket) with content type, byte ranges, ETag and
 * long immutable caching. A production deployment points NEXT_PUBLIC_MEDIA_BASE_URL at a CDN in front of the media
 * bucket, so this route answers only the demo, tests, and a CDN that uses the app as its origin.
 */
export async function serveMediaFile(req: Request, segments: string[], storage: ObjectStorage = mediaStorage()): Promise<Response> {
  const key = mediaKey(segments);
  if (!key) return notFound();
  const rangeHeader = req.headers.get('range');
  const ifNoneMatch = req.headers.get('if-none-match');

  // Without a range header one read answers (one request to a bucket); a range needs the size first, to be parsed.
  const info = rangeHeader || req.method === 'HEAD' ? await storage.head(key) : await storage.get(key);
  if (!info) return notFound();
  const headers = new Headers({
    'content-type': contentTypeOf(key),
    'cache-control': IMMUTABLE_CACHE_CONTROL,
    'accept-ranges': 'bytes',
    etag: info.etag,
    'last-modified': info.modified.toUTCString(),
    'access-control-allow-origin': '*',
  });
  const opened = 'body' in info ? (info.body as Readable) : null;

  if (ifNoneMatch === info.etag) {
    opened?.destroy();
    return new Response(null, { status: 304, headers });
  }
  const range = parseRange(rangeHeader, info.size);
  if (range === 'invalid') return unsatisfiable(headers, info.size);
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  headers.set('content-length', String(end - start + 1));
  if (range) headers.set('content-range', `bytes ${start}-${end}/${info.size}`);
  const status = range ? 206 : 200;
  if (req.method === 'HEAD' || info.size === 0) {
    opened?.destroy();
    return new Response(null, { status, headers });
  }

  let body = opened;
  if (!body) {
    try {
      const object = await storage.get(key, { start, end });
      if (!object) return notFound();
      body = object.body;
    } catch (err) {
      // Replaced by a shorter object between the two reads (never for immutable media, but answer it right).
      if (err instanceof RangeNotSatisfiableError) return unsatisfiable(headers, err.size);
      throw err;
    }
  }
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status, headers });
}
