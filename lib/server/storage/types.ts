import type { Readable } from 'node:stream';

/**
 * One interface for where files live (issue 23): a folder on this machine (the embedded default) or an S3-compatible
 * bucket (AWS S3, Cloudflare R2, MinIO…), so that any instance reads what another wrote. Keys are relative,
 * '/'-separated paths ('<mediaPath>/manifest.mpd', 'images/<id>/poster.webp', 'video/<uploadId>'); an implementation
 * refuses a key that is empty, absolute, or has empty segments, segments starting with '.' ('.', '..', '.staging') or
 * characters other than letters, digits, '.', '_' and '-' (lib/server/storage/keys.ts).
 *
 * Two areas, each its own ObjectStorage (lib/server/storage/index.ts): media (served to everyone, from
 * NEXT_PUBLIC_MEDIA_BASE_URL) and uploads (private: studio sources and subtitles waiting to be packaged). Content keys
 * are never stored in either.
 */

export type ObjectInfo = {
  key: string;
  size: number;
  /** Last write. */
  modified: Date;
  /** A strong validator for the stored bytes (quoted, as an HTTP ETag). */
  etag: string;
};

export type ObjectBody = ObjectInfo & {
  /** The bytes asked for (the whole object, or the range). */
  body: Readable;
  /** The range actually served, inclusive; absent for the whole object. */
  range?: { start: number; end: number };
};

export type PutOptions = { contentType?: string; cacheControl?: string };

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes (a Buffer, a string as UTF-8, or a stream) under `key`, replacing what was there. */
  put(key: string, body: Buffer | Uint8Array | string | Readable, opts?: PutOptions): Promise<void>;
  /** Stores a file of this machine under `key`. */
  putFile(key: string, file: string, opts?: PutOptions): Promise<void>;
  /** Stores every file under folder `dir` at `prefix` + its relative path ('/'-separated); answers the keys written. */
  putFolder(dir: string, prefix: string, opts?: { cacheControl?: string }): Promise<string[]>;
  /**
   * The object's bytes (or a range of them, end inclusive and clamped to the size), or null when there is none. A range
   * that starts at or past the end throws RangeNotSatisfiableError (keys.ts), with the size for a 416's Content-Range.
   */
  get(key: string, range?: { start: number; end?: number }): Promise<ObjectBody | null>;
  /** Size, time and validator of an object, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Copies an object to a file of this machine (for ffmpeg); false when there is none. */
  download(key: string, file: string): Promise<boolean>;
  /** Removes one object; no error when it is not there. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (which must end with '/'); answers how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Every object whose key starts with `prefix` ('' for all), in key order. */
  list(prefix: string): Promise<ObjectInfo[]>;
}
