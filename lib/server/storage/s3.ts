import 'server-only';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { ServerEnv } from '@/lib/env';
import { checkFolderPrefix, checkKey, checkListPrefix, contentTypeOf, RangeNotSatisfiableError } from './keys';
import { walkFiles } from './local';
import type { ObjectBody, ObjectInfo, ObjectStorage, PutOptions } from './types';

type S3Settings = Pick<ServerEnv, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>;

/**
 * The AWS SDK v3 client settings for our S3-compatible service (also what tus's S3Store is given, in
 * lib/server/studio/uploads.ts). Checksums only when an operation requires one: since early 2025 the SDK otherwise
 * adds CRC32 checksums to every upload, sending streams as 'aws-chunked' bodies with a trailer, which several
 * S3-compatible services (older MinIO, R2 for some operations, s3rver in our tests) store or reject as-is. R2's and
 * MinIO's own guides give the same two settings.
 */
export function s3ClientConfig(env: S3Settings): S3ClientConfig {
  return {
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** Parts of a streamed upload: S3's minimum part is 5 MiB; 8 MiB keeps memory small and requests few. */
const PART_SIZE = 8 * 1024 * 1024;
/** Files above this go up in parts (a single PutObject stops at 5 GiB, and a failed part is retried alone). */
const SINGLE_PUT_LIMIT = 64 * 1024 * 1024;
/** Files of a folder sent at once: enough to hide latency, few enough not to exhaust sockets or memory. */
const FOLDER_CONCURRENCY = 4;
/** DeleteObjects takes at most 1000 keys. */
const DELETE_BATCH = 1000;

function status(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isMissing(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || status(err) === 404;
}

/** Reads up to `size` bytes from an async iterator of chunks, keeping what overflows for the next call. */
async function* chunksOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array | string);
    pending.push(buf);
    length += buf.length;
    while (length >= size) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, size);
      pending = [all.subarray(size)];
      length -= size;
    }
  }
  if (length > 0 || pending.length === 0) yield Buffer.concat(pending);
}

/** Runs `task` over `items`, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export type S3StorageOptions = {
  client: S3Client;
  bucket: string;
  /** Keys per ListObjectsV2 page (S3's maximum and default is 1000; tests lower it to exercise paging). */
  pageSize?: number;
};

/** ObjectStorage on one bucket of an S3-compatible service. */
export function s3Storage({ client, bucket, pageSize = 1000 }: S3StorageOptions): ObjectStorage {
  const headersOf = (key: string, opts?: PutOptions) => ({
    ContentType: opts?.contentType ?? contentTypeOf(key),
    ...(opts?.cacheControl ? { CacheControl: opts.cacheControl } : {}),
  });

  /** A stream of unknown length: one PutObject when it fits in one part, a multipart upload otherwise. */
  async function putStream(key: string, body: Readable, opts?: PutOptions): Promise<void> {
    const parts = chunksOf(body, PART_SIZE);
    const first = await parts.next();
    const firstChunk = first.done ? Buffer.alloc(0) : first.value;
    const second = first.done ? first : await parts.next();
    if (second.done) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: firstChunk, ...headersOf(key, opts) }));
      return;
    }
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ...headersOf(key, opts) }));
    try {
      const done: { PartNumber: number; ETag: string | undefined }[] = [];
      const send = async (chunk: Buffer) => {
        const PartNumber = done.length + 1;
        const { ETag } = await client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, Body: chunk }));
        done.push({ PartNumber, ETag });
      };
      await send(firstChunk);
      await send(second.value);
      for await (const chunk of parts) await send(chunk);
      await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: done } }));
    } catch (err) {
      // An unfinished multipart upload is billed storage that no listing shows: abort it.
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId })).catch(() => undefined);
      throw err;
    }
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
      return { key, size: out.ContentLength ?? 0, modified: out.LastModified ?? new Date(0), etag: out.ETag ?? '""' };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  const storage: ObjectStorage = {
    kind: 's3',

    async put(key, body, opts) {
      checkKey(key);
      if (body instanceof Readable) return putStream(key, body, opts);
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength, ...headersOf(key, opts) }));
    },

    async putFile(key, file, opts) {
      checkKey(key);
      const { size } = await stat(file);
      if (size > SINGLE_PUT_LIMIT) return putStream(key, createReadStream(file), opts);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(file), ContentLength: size, ...headersOf(key, opts) }));
    },

    async putFolder(dir, prefix, opts) {
      if (prefix !== '') checkFolderPrefix(prefix);
      const files = await walkFiles(path.resolve(dir));
      const keys = files.map((rel) => checkKey(prefix + rel));
      await eachLimited(files, FOLDER_CONCURRENCY, (rel) => storage.putFile(prefix + rel, path.join(dir, ...rel.split('/')), opts));
      return keys;
    },

    async get(key, range): Promise<ObjectBody | null> {
      checkKey(key);
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}) }),
        );
        const body = out.Body as Readable;
        const served = range ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? '') : null;
        const size = served ? Number(served[3]) : (out.ContentLength ?? 0);
        return {
          key,
          size,
          modified: out.LastModified ?? new Date(0),
          etag: out.ETag ?? '""',
          body,
          ...(served ? { range: { start: Number(served[1]), end: Number(served[2]) } } : {}),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        if (range && status(err) === 416) {
          const info = await head(key);
          if (!info) return null;
          throw new RangeNotSatisfiableError(key, info.size);
        }
        throw err;
      }
    },

    head,

    async download(key, file) {
      const object = await storage.get(key);
      if (!object) return false;
      // Written beside the target and renamed, so ffmpeg never reads a half-copied source.
      const tmp = `${file}.${process.pid}.part`;
      try {
        await pipeline(object.body, createWriteStream(tmp));
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return true;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
    },

    async deletePrefix(prefix) {
      checkFolderPrefix(prefix);
      const keys = (await storage.list(prefix)).map((o) => o.key);
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        const out = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        if (out.Errors?.length) throw new Error(`Could not delete ${out.Errors.length} object(s) under ${prefix}: ${out.Errors[0]?.Code ?? ''} ${out.Errors[0]?.Message ?? ''}`);
      }
      return keys.length;
    },

    async list(prefix) {
      checkListPrefix(prefix);
      const found: ObjectInfo[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, MaxKeys: pageSize, ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          if (o.Key) found.push({ key: o.Key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0), etag: o.ETag ?? '""' });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
  };
  return storage;
}

/** One client per distinct settings (it keeps a pool of connections). */
export function s3Client(env: S3Settings): S3Client {
  return new S3Client(s3ClientConfig(env));
}
