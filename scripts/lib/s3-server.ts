import { mkdirSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import S3rver, { type S3rverContext } from 's3rver';

/**
 * An S3-speaking server for tests and the cluster stage (no cloud is reachable here): s3rver, started in this process
 * on a folder, with the buckets created. The code under test talks to it with the real AWS SDK client
 * (lib/server/storage/s3.ts), exactly as it would talk to AWS S3, R2 or MinIO.
 *
 * s3rver 3.7 answers PutObject, GetObject (ranges), HeadObject, DeleteObject(s), CreateMultipartUpload, UploadPart and
 * CompleteMultipartUpload, but not ListParts, AbortMultipartUpload nor ListMultipartUploads, which @tus/s3-store calls
 * to resume an upload and to clean up; and its ListObjectsV2 fails with a 500 as soon as a page is truncated (its
 * continuation token is DES-encrypted, which OpenSSL 3 no longer offers). This module answers those four itself in
 * front of s3rver's router, from s3rver's own store: its listing, and its layout of a pending upload
 * (<dir>/<bucket>/._S3rver_uploads/<uploadId>/{key,<n>,<n>.md5}).
 *
 * A client must not send aws-chunked bodies (s3rver stores the chunk framing as the object's bytes): newer AWS SDKs do
 * for streams unless `requestChecksumCalculation: 'WHEN_REQUIRED'` (lib/server/storage/s3.ts's s3ClientConfig).
 *
 * As a child process: `node --import tsx scripts/lib/s3-server.ts --port 4561 --dir .data/s3 --bucket media
 * --bucket uploads` prints one JSON line ({ endpoint, accessKeyId, … }) once it listens, and stops on SIGTERM/SIGINT.
 */

/** s3rver's built-in account (any other key is refused with InvalidAccessKeyId). */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export type S3Server = {
  /** http://127.0.0.1:<port>: path-style only (S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  port: number;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  buckets: string[];
  directory: string;
  stop(): Promise<void>;
};

export type S3ServerOptions = {
  /** The folder s3rver keeps buckets in (created when missing; kept after stop). */
  directory: string;
  buckets: string[];
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Print every request (s3rver's log). */
  verbose?: boolean;
};

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Path-style request path → bucket and key ('' for a bucket request). */
function target(ctx: S3rverContext): { bucket: string; key: string } | null {
  const [bucket, ...rest] = ctx.path.replace(/^\/+/, '').split('/');
  if (!bucket) return null;
  try {
    return { bucket: decodeURIComponent(bucket), key: rest.map(decodeURIComponent).join('/') };
  } catch {
    return null;
  }
}

function noSuchUpload(ctx: S3rverContext, uploadId: string): void {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body = `${XML}<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${esc(uploadId)}</UploadId></Error>`;
}

/** What the shim reads of s3rver's FilesystemStore (ctx.store). */
type Store = {
  getBucket(name: string): Promise<unknown>;
  listObjects(
    bucket: string,
    options: { prefix?: string; startAfter?: string; maxKeys?: number; delimiter?: string },
  ): Promise<{ objects: { key: string; size: number; lastModifiedDate: Date; metadata: Record<string, string> }[]; commonPrefixes: string[]; isTruncated: boolean }>;
};

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

/** ListObjectsV2 with a plain continuation token (the last key, base64url): s3rver's own fails on a truncated page. */
async function listObjectsV2(ctx: S3rverContext, bucket: string): Promise<void> {
  const store = (ctx as S3rverContext & { store: Store }).store;
  if (!(await store.getBucket(bucket))) {
    ctx.status = 404;
    ctx.type = 'application/xml';
    ctx.body = `${XML}<Error><Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message><BucketName>${esc(bucket)}</BucketName></Error>`;
    return;
  }
  const prefix = one(ctx.query.prefix) ?? '';
  const delimiter = one(ctx.query.delimiter) || undefined;
  const token = one(ctx.query['continuation-token']);
  const startAfter = token ? Buffer.from(token, 'base64url').toString('utf8') : (one(ctx.query['start-after']) ?? '');
  const maxKeys = Math.max(0, Math.min(1000, Number(one(ctx.query['max-keys']) ?? 1000) || 0));
  const result = maxKeys === 0 ? { objects: [], commonPrefixes: [], isTruncated: false } : await store.listObjects(bucket, { prefix, startAfter, maxKeys, delimiter });
  const last = result.objects.at(-1)?.key;
  ctx.type = 'application/xml';
  ctx.body =
    `${XML}<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${esc(bucket)}</Name><Prefix>${esc(prefix)}</Prefix>` +
    (token ? `<ContinuationToken>${esc(token)}</ContinuationToken>` : '') +
    (result.isTruncated && last ? `<NextContinuationToken>${Buffer.from(last).toString('base64url')}</NextContinuationToken>` : '') +
    `<KeyCount>${result.objects.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>` +
    (delimiter ? `<Delimiter>${esc(delimiter)}</Delimiter>` : '') +
    `<IsTruncated>${result.isTruncated}</IsTruncated>` +
    result.objects
      .map(
        (o) =>
          `<Contents><Key>${esc(o.key)}</Key><LastModified>${o.lastModifiedDate.toISOString()}</LastModified>` +
          `<ETag>${esc(o.metadata.etag ?? '')}</ETag><Size>${o.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
      )
      .join('') +
    result.commonPrefixes.map((p) => `<CommonPrefixes><Prefix>${esc(p)}</Prefix></CommonPrefixes>`).join('') +
    '</ListBucketResult>';
}

/** The operations s3rver lacks or fails (see the module comment), answered as S3 answers them. */
function shim(directory: string) {
  const uploadsOf = (bucket: string) => path.join(directory, bucket, '._S3rver_uploads');
  const pendingDir = (bucket: string, uploadId: string) => (/^[0-9a-f]+$/.test(uploadId) ? path.join(uploadsOf(bucket), uploadId) : null);

  return async (ctx: S3rverContext, next: () => Promise<unknown>) => {
    const t = target(ctx);
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;

    // ListParts: GET /<bucket>/<key>?uploadId=… (without partNumber, which would be a GetObject of a part).
    if (t && t.key && uploadId !== undefined && ctx.method === 'GET' && ctx.query.partNumber === undefined) {
      const dir = pendingDir(t.bucket, uploadId);
      const key = dir && (await readFile(path.join(dir, 'key'), 'utf8').catch(() => null));
      if (!dir || key !== t.key) return noSuchUpload(ctx, uploadId);
      const marker = Number(ctx.query['part-number-marker'] ?? 0) || 0;
      const maxParts = Math.min(Number(ctx.query['max-parts'] ?? 1000) || 1000, 1000);
      const numbers = (await readdir(dir))
        .filter((n) => /^\d+$/.test(n))
        .map(Number)
        .filter((n) => n > marker)
        .sort((a, b) => a - b);
      const page = numbers.slice(0, maxParts);
      const parts = await Promise.all(
        page.map(async (n) => {
          const [st, md5] = await Promise.all([stat(path.join(dir, String(n))), readFile(path.join(dir, `${n}.md5`), 'utf8')]);
          return `<Part><PartNumber>${n}</PartNumber><LastModified>${st.mtime.toISOString()}</LastModified><ETag>"${esc(md5.trim())}"</ETag><Size>${st.size}</Size></Part>`;
        }),
      );
      const truncated = numbers.length > page.length;
      ctx.type = 'application/xml';
      ctx.body =
        `${XML}<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${esc(t.bucket)}</Bucket><Key>${esc(t.key)}</Key>` +
        `<UploadId>${esc(uploadId)}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
        `<NextPartNumberMarker>${page.at(-1) ?? marker}</NextPartNumberMarker><MaxParts>${maxParts}</MaxParts>` +
        `<IsTruncated>${truncated}</IsTruncated><StorageClass>STANDARD</StorageClass>${parts.join('')}</ListPartsResult>`;
      return;
    }

    // AbortMultipartUpload: DELETE /<bucket>/<key>?uploadId=…
    if (t && t.key && uploadId !== undefined && ctx.method === 'DELETE') {
      const dir = pendingDir(t.bucket, uploadId);
      const key = dir && (await readFile(path.join(dir, 'key'), 'utf8').catch(() => null));
      if (!dir || key !== t.key) return noSuchUpload(ctx, uploadId);
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }

    if (t && !t.key && ctx.method === 'GET' && ctx.query['list-type'] === '2') return listObjectsV2(ctx, t.bucket);

    // ListMultipartUploads: GET /<bucket>?uploads (one page: tests and tus's cleanup have few).
    if (t && !t.key && ctx.method === 'GET' && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const ids = await readdir(uploadsOf(t.bucket)).catch(() => [] as string[]);
      const uploads = (
        await Promise.all(
          ids.map(async (id) => {
            const dir = path.join(uploadsOf(t.bucket), id);
            const key = await readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
            if (key === null || !key.startsWith(prefix)) return null;
            const st = await stat(dir);
            return { key, id, initiated: st.birthtime.getTime() ? st.birthtime : st.mtime };
          }),
        )
      )
        .filter((u) => u !== null)
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      ctx.type = 'application/xml';
      ctx.body =
        `${XML}<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${esc(t.bucket)}</Bucket>` +
        `<KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><Prefix>${esc(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
        uploads
          .map((u) => `<Upload><Key>${esc(u.key)}</Key><UploadId>${u.id}</UploadId><StorageClass>STANDARD</StorageClass><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`)
          .join('') +
        '</ListMultipartUploadsResult>';
      return;
    }

    await next();
  };
}

/** Starts s3rver on `directory` with `buckets` created; answers how to reach it. */
export async function startS3Server(opts: S3ServerOptions): Promise<S3Server> {
  const directory = path.resolve(opts.directory);
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: opts.host ?? '127.0.0.1',
    port: opts.port ?? 0,
    directory,
    silent: !opts.verbose,
    // Buckets are named in the path (S3_FORCE_PATH_STYLE=true): no virtual-host guessing from the Host header.
    vhostBuckets: false,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [] })),
  });
  // Koa builds its handler when it starts listening, so a middleware put first now runs before s3rver's router.
  server.middleware.unshift(shim(directory));
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    port: address.port,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    buckets: [...opts.buckets],
    directory,
    stop: async () => {
      // Keep-alive connections of an SDK client would hold close() open: end them.
      server.httpServer?.closeAllConnections?.();
      await server.close().catch(() => undefined);
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      dir: { type: 'string', default: '.data/s3' },
      bucket: { type: 'string', multiple: true, default: ['kilig-media', 'kilig-uploads'] },
      verbose: { type: 'boolean', default: false },
    },
  });
  const s3 = await startS3Server({ directory: values.dir, buckets: values.bucket, port: Number(values.port), host: values.host, verbose: values.verbose });
  const { stop, ...info } = s3;
  process.stdout.write(`${JSON.stringify(info)}\n`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void stop().finally(() => process.exit(0)));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
