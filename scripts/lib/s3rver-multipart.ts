import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * s3rver 3.7 (the S3-speaking server of our tests) creates, fills and completes multipart uploads but answers 405 to
 * ListParts and AbortMultipartUpload, two calls every real S3 service has and that @tus/s3-store makes on each request:
 * ListParts gives a resumed upload its offset (and NoSuchUpload says a finished one is complete), Abort removes an
 * unfinished one. This adds both, in front of s3rver's router, from the folder s3rver keeps each upload's parts in
 * (`<uploads resource>/<uploadId>/<part number>` beside `<n>.md5`). Path-style requests only (S3_FORCE_PATH_STYLE=true).
 */

type Ctx = {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
};
type Middleware = (ctx: Ctx, next: () => Promise<void>) => Promise<void>;
/** The parts of an s3rver instance this uses (it is a Koa app with a filesystem store). */
export type S3rverInternals = {
  middleware: Middleware[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
};

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function noSuchUpload(ctx: Ctx, uploadId: string): void {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`;
}

export function addMultipartListing(server: S3rverInternals): void {
  const handle: Middleware = async (ctx, next) => {
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (!uploadId || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const [bucket, ...rest] = ctx.path.replace(/^\//, '').split('/').map(decodeURIComponent);
    const key = rest.join('/');
    if (!bucket || !key || !/^[A-Za-z0-9_-]+$/.test(uploadId)) return next();
    const dir = path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const storedKey = await readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
    if (storedKey !== key) return noSuchUpload(ctx, uploadId);

    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const numbers = (await readdir(dir)).filter((n) => /^\d+$/.test(n)).map(Number).sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [info, md5] = await Promise.all([stat(path.join(dir, String(n))), readFile(path.join(dir, `${n}.md5`), 'utf8')]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId>` +
      `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
  // First in the chain: s3rver's router would answer 405 before a middleware added after it ran.
  server.middleware.unshift(handle);
}
