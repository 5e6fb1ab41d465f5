/**
 * The production profile, end to end (a stage of `npm test`): a build made with APP_ENV=production and real-looking
 * settings (PostgreSQL, Redis when one answers, long random secrets, no emulator), started as a deployment starts it
 * (`npm run serve`), must serve pages and guest API calls, send HSTS, expose no emulator relay, and ship no emulator
 * URL in any browser file. Exits 0 when all of that holds; prints each check.
 *
 * The database is the embedded server in .data/smoke-production (a deployment's DATABASE_URL would name a managed
 * one; the profile only asks that one is named), seeded once as an operator would with `npm run db:seed`. Media and
 * uploads are in two buckets of the S3-speaking server this script starts (scripts/lib/s3-server.ts), since the
 * profile refuses one instance's disk; a file put into the media bucket must come back from the server's /media.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ensureDatabase, startEmbeddedPostgres } from './lib/embedded-postgres';
import { freePort, httpOk, waitFor } from './lib/proc';
import { startS3Server } from './lib/s3-server';

const root = path.resolve(import.meta.dirname, '..');
const distDir = '.next-production';
const dataDir = path.join(root, '.data', 'smoke-production');
let failures = 0;

function check(what: string, ok: boolean, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${!ok && detail ? `: ${detail}` : ''}`);
  if (!ok) failures += 1;
}

function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit' });
  return new Promise((resolve) => child.once('exit', resolve));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function main() {
  rmSync(dataDir, { recursive: true, force: true });
  const database = await startEmbeddedPostgres(path.join(dataDir, 'postgres'));
  const s3 = await startS3Server({ directory: path.join(dataDir, 's3'), buckets: ['kilig-media', 'kilig-uploads'] });
  let server: ChildProcess | undefined;
  // `next build` with another distDir adds it to tsconfig.json's include: put the file back afterwards.
  const tsconfig = readFileSync(path.join(root, 'tsconfig.json'), 'utf8');
  try {
    await ensureDatabase(database.adminUrl, 'kilig');
    const secret = () => randomBytes(36).toString('base64url');
    const apiKey = secret();
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NEXT_TELEMETRY_DISABLED: '1',
      APP_ENV: 'production',
      NEXT_DIST_DIR: distDir,
      DATABASE_URL: database.urlFor('kilig'),
      JWT_SECRET: secret(),
      MEDIA_KEY_SECRET: secret(),
      PAYMENT_WEBHOOK_SECRET: secret(),
      // Production refuses the sandbox gateway; a real gateway's name (its keys matter only when someone pays).
      PAYMENT_GATEWAY: 'paymongo',
      NEXT_PUBLIC_PAYMENT_GATEWAY: 'paymongo',
      PAYMONGO_SECRET_KEY: `sk_test_${secret()}`,
      PAYMONGO_WEBHOOK_SECRET: `whsk_${secret()}`,
      API_KEY: apiKey,
      NEXT_PUBLIC_API_KEY: apiKey,
      FIREBASE_PROJECT_ID: 'kilig-smoke',
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'kilig-smoke',
      NEXT_PUBLIC_FIREBASE_API_KEY: 'AIzaSy-smoke-test-web-key',
      NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'kilig-smoke.firebaseapp.com',
      NEXT_PUBLIC_SITE_URL: 'https://kilig.example',
      // Production licenses through a multi-DRM provider (without one it refuses to start: raw ClearKey keys).
      NEXT_PUBLIC_DRM_WIDEVINE_URL: 'https://wv.drm.example.com/licence',
      NEXT_PUBLIC_DRM_PLAYREADY_URL: 'https://pr.drm.example.com/rightsmanager.asmx',
      NEXT_PUBLIC_DRM_FAIRPLAY_URL: 'https://fp.drm.example.com/ckc',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_MEDIA_BUCKET: 'kilig-media',
      S3_UPLOAD_BUCKET: 'kilig-uploads',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      // With buckets, these folders are only an ingest's scratch space.
      MEDIA_DIR: path.join(dataDir, 'media'),
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      ...((await redisAnswers()) ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
    };
    console.log(
      `[smoke] production settings: PostgreSQL (embedded, as DATABASE_URL), ${env.REDIS_URL ? 'Redis at 127.0.0.1:6379' : 'no Redis answering'}, ` +
        `media and uploads in buckets of ${s3.endpoint}`,
    );

    // The operator seeds (DB_AUTO_SEED is off in production), then builds with the production settings.
    const seeded = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts', '--no-media'], { ...env, APP_ENV: 'demo', DB_AUTO_SEED: 'false' });
    check('the database is seeded by npm run db:seed', seeded === 0);
    const built = await run(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], env);
    check('next build succeeds with APP_ENV=production', built === 0);
    if (built !== 0) return;

    const browserFiles = filesUnder(path.join(root, distDir, 'static')).filter((f) => f.endsWith('.js'));
    const withEmulator = browserFiles.filter((f) => /127\.0\.0\.1:9099|localhost:9099/.test(readFileSync(f, 'utf8')));
    check(`no browser file names an emulator (${browserFiles.length} files)`, browserFiles.length > 0 && withEmulator.length === 0, withEmulator.join(', '));

    const port = await freePort();
    server = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/serve.ts', '--port', String(port)], { cwd: root, env, stdio: 'inherit' });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(() => httpOk(`${base}/api/health`), 120_000, 'the production server');

    const home = await fetch(`${base}/`);
    const html = await home.text();
    check('GET / answers 200 with the catalogue', home.status === 200 && html.includes('/movie/'), `status ${home.status}`);
    check('HSTS is sent (https site)', /max-age=\d+/.test(home.headers.get('strict-transport-security') ?? ''));
    check('the page names the public site URL', html.includes('https://kilig.example'));
    const movie = /href="(\/movie\/[^"]+)"/.exec(html)?.[1];
    const moviePage = movie ? await fetch(`${base}${movie}`) : null;
    check('a movie page answers 200', moviePage?.status === 200, movie ?? 'no movie link on /');
    const api = await fetch(`${base}/api/client/movieSeries/fetchMediaCollection?start=1&limit=5`, { headers: { key: apiKey } });
    const body = (await api.json().catch(() => ({}))) as { videos?: unknown[] };
    check('a guest API call answers 200 with titles', api.status === 200 && (body.videos?.length ?? 0) > 0, `status ${api.status}`);
    const demoKey = await fetch(`${base}/api/client/movieSeries/fetchMediaCollection?start=1&limit=5`, { headers: { key: 'kilig-demo-api-key' } });
    check('the demo API key is refused', demoKey.status === 401, `status ${demoKey.status}`);
    const rawKeys = await fetch(`${base}/api/drm/clearkey/0123456789abcdef01234567`, { method: 'POST', headers: { key: apiKey, 'content-type': 'application/json' }, body: '{"kids":["AAAAAAAAAAAAAAAAAAAAAA"]}' });
    check('the raw ClearKey endpoint is off (multi-DRM)', rawKeys.status === 404, `status ${rawKeys.status}`);
    const relay = await fetch(`${base}/auth-emulator/relay`);
    check('the emulator relay is off', relay.status === 404, `status ${relay.status}`);

    // Media come from the bucket (STORAGE_DRIVER=s3), written here with the AWS SDK as another instance would.
    const client = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
    try {
      await client.send(new PutObjectCommand({ Bucket: 'kilig-media', Key: 'smoke0123456789/chunk-1.m4s', Body: Buffer.from('0123456789') }));
    } finally {
      client.destroy();
    }
    const media = await fetch(`${base}/media/smoke0123456789/chunk-1.m4s`, { headers: { range: 'bytes=2-5' } });
    const mediaBody = await media.text();
    check('a segment in the media bucket is served, with its range, from /media', media.status === 206 && mediaBody === '2345', `status ${media.status}, body ${mediaBody}`);
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    await database.stop();
    await s3.stop();
    writeFileSync(path.join(root, 'tsconfig.json'), tsconfig);
  }
}

main()
  .then(() => {
    console.log(failures ? `[smoke] ${failures} check(s) failed` : '[smoke] the production profile serves');
    process.exit(failures ? 1 : 0);
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
