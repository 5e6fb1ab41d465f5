import 'server-only';
import path from 'node:path';

/**
 * Key rules shared by every ObjectStorage, so a key that one driver accepts the other accepts too (a deployment can
 * move from a folder to a bucket without renaming anything). A segment is letters, digits, '.', '_' and '-' and never
 * starts with a dot: that refuses '.', '..' and hidden names, so the local driver's own temp folder ('.tmp') and any
 * '.staging' folder left in a media folder can never be read, listed or served as an object.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 1024;

export function isValidKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((s) => SEGMENT.test(s));
}

/** Throws on a key the storage must not touch (a programming error or a hostile URL that was not checked before). */
export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A list prefix: '' (everything), or a key's beginning ('abc/', 'images/ab'). */
export function checkListPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  checkKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}

/** A deletePrefix prefix: a folder-like prefix ending with '/', so 'abc' can never take 'abcdef/…' with it. */
export function checkFolderPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error(`A prefix to delete must end with '/': ${JSON.stringify(prefix)}`);
  checkKey(prefix.slice(0, -1));
  return prefix;
}

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
  '.json': 'application/json',
};

/** The content type a key is served with (by the media route, or by a CDN reading the bucket's stored type). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.posix.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Cache-Control of everything in media storage: each package and image has its own random folder and never changes
 * there, so browsers and a CDN may keep it a year (stored with the object, for a CDN reading the bucket directly).
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Thrown by `get` when a range starts at or past the end of the object (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(
    readonly key: string,
    readonly size: number,
  ) {
    super(`Range not satisfiable for ${key} (size ${size})`);
    this.name = 'RangeNotSatisfiableError';
  }
}
