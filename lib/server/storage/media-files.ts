import 'server-only';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { serverEnv } from '@/lib/env';

const CONTENT_TYPES: Record<string, string> = {
  '.mpd': 'application/dash+xml',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** Packaged media never change at a given path (each video has its own random folder), so they cache for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const SAFE_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Resolves URL segments to a file inside MEDIA_DIR, or null for anything that could escape it. */
export function resolveMediaPath(segments: string[], root = serverEnv().MEDIA_DIR): string | null {
  if (segments.length === 0 || segments.length > 4) return null;
  // No segment starts with a dot: '.', '..', and the studio's `.staging` folder of packages still being built.
  if (!segments.every((s) => SAFE_SEGMENT.test(s) && !s.startsWith('.'))) return null;
  const base = path.resolve(root);
  const file = path.resolve(base, ...segments);
  return file.startsWith(base + path.sep) ? file : null;
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

/** Serves one packaged media file with content type, byte ranges, ETag and long immutable caching. */
export async function serveMediaFile(req: Request, segments: string[], root = serverEnv().MEDIA_DIR): Promise<Response> {
  const file = resolveMediaPath(segments, root);
  if (!file) return notFound();
  const info = await stat(/*turbopackIgnore: true*/ file).catch(() => null);
  if (!info?.isFile()) return notFound();

  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    'content-type': type,
    'cache-control': IMMUTABLE,
    'accept-ranges': 'bytes',
    etag,
    'last-modified': info.mtime.toUTCString(),
    'access-control-allow-origin': '*',
  });

  if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });

  const range = parseRange(req.headers.get('range'), info.size);
  if (range === 'invalid') {
    headers.set('content-range', `bytes */${info.size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  headers.set('content-length', String(end - start + 1));
  if (range) headers.set('content-range', `bytes ${start}-${end}/${info.size}`);
  const status = range ? 206 : 200;
  if (req.method === 'HEAD' || info.size === 0) return new Response(null, { status, headers });

  const stream = Readable.toWeb(createReadStream(/*turbopackIgnore: true*/ file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}
