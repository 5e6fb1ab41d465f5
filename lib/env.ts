import path from 'node:path';
import { z } from 'zod';
import { publicEnv, type PublicEnv } from './public-env';

/**
 * The reader of process.env (with lib/public-env.ts for browser values). `next.config.ts` imports this module, so a bad
 * environment fails the build.
 *
 * Two profiles, one code base: APP_ENV=demo (the default; `npm start` on embedded parts and committed demo secrets)
 * and APP_ENV=production, which refuses to start while any setting is still the demo's (`deployProblems`).
 */

/** Checks of the public values (lib/public-env.ts reads them, with their defaults, for the browser). */
const publicSchema = z.object({
  NEXT_PUBLIC_BRAND_NAME: z.string().min(1),
  NEXT_PUBLIC_SITE_URL: z.url(),
  NEXT_PUBLIC_API_KEY: z.string(),
  NEXT_PUBLIC_MEDIA_BASE_URL: z.string().min(1),
  NEXT_PUBLIC_CONTACT_EMAIL: z.email(),
  NEXT_PUBLIC_POSTAL_ADDRESS: z.string(),
  // The apps' store listings; empty: the footer's store buttons lead to the install page (the site as an app).
  NEXT_PUBLIC_APP_STORE_URL: z.union([z.literal(''), z.url({ protocol: /^https$/, error: 'an https URL of the App Store listing, or empty' })]),
  NEXT_PUBLIC_PLAY_STORE_URL: z.union([z.literal(''), z.url({ protocol: /^https$/, error: 'an https URL of the Google Play listing, or empty' })]),
  NEXT_PUBLIC_FIREBASE_API_KEY: z.string(),
  NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: z.string(),
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: z.string(),
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: z.string(),
  NEXT_PUBLIC_GOOGLE_CLIENT_ID: z.string(),
  NEXT_PUBLIC_DRM_WIDEVINE_URL: z.string(),
  NEXT_PUBLIC_DRM_PLAYREADY_URL: z.string(),
  NEXT_PUBLIC_DRM_FAIRPLAY_URL: z.string(),
  NEXT_PUBLIC_PAYMENT_GATEWAY: z.string().regex(/^[a-z0-9_-]{1,32}$/, 'a gateway name such as sandbox'),
});

/** The committed demo values of the secrets: fine on a laptop, refused by the production profile. */
export const DEMO_SECRETS = {
  JWT_SECRET: 'kilig-dev-jwt-secret-change-me-please',
  MEDIA_KEY_SECRET: 'kilig-dev-media-key-secret-change-me',
  API_KEY: 'kilig-demo-api-key',
  PAYMENT_WEBHOOK_SECRET: 'kilig-dev-webhook-secret-change-me',
} as const;

/** S3's rules for a bucket name (lowercase letters, digits, dots and hyphens, 3–63 characters). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const serverSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** The profile: 'demo' (embedded parts, demo secrets) or 'production' (refuses every demo default). */
  APP_ENV: z.enum(['demo', 'production']).default('demo'),
  /** PostgreSQL connection string. `npm start` sets it to the embedded server it starts when it is not given. */
  DATABASE_URL: z.string().optional(),
  /** Connections per app process; PostgreSQL's max_connections must cover every instance's pool. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Wait for a connection before the request fails with 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** Longest statement (server side), and longest wait for any answer (client side). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** An unused pooled connection is closed after this long. */
  DB_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /** Seed the demo catalogue into an empty database. Default: on in the demo profile, off in production. */
  DB_AUTO_SEED: z.enum(['true', 'false', '1', '0']).optional().transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  MEDIA_DIR: z.string().default('.data/media'),
  MEDIA_SOURCE_DIR: z.string().default('media/demo'),
  /**
   * Studio uploads (tus) and subtitles waiting to be packaged: kept apart from MEDIA_DIR, which is served to everyone,
   * and never inside it (deployProblems refuses that).
   */
  UPLOAD_DIR: z.string().default('.data/uploads'),
  /**
   * Where media (MEDIA_DIR's contents) and uploads (UPLOAD_DIR's) live (lib/server/storage): `local`, the folders of
   * this machine (the embedded default; one instance only), or `s3`, two buckets of an S3-compatible service (AWS S3,
   * Cloudflare R2, MinIO…) that every instance shares. The production profile refuses `local`.
   */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** The S3-compatible service's endpoint (R2: https://<account>.r2.cloudflarestorage.com); unset: AWS S3 by region. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'an http(s) URL of the S3-compatible endpoint' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Packaged media, posters and banners: readable by everyone, behind NEXT_PUBLIC_MEDIA_BASE_URL (a CDN). */
  S3_MEDIA_BUCKET: z.string().regex(BUCKET_NAME, 'an S3 bucket name').optional(),
  /** Studio sources and subtitles (tus writes here): private, never the media bucket. */
  S3_UPLOAD_BUCKET: z.string().regex(BUCKET_NAME, 'an S3 bucket name').optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most self-hosted services need it. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1'),
  /** Largest video file the studio accepts, in bytes (default 2 GiB). */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024 * 1024).max(64 * 1024 ** 3).default(2 * 1024 ** 3),
  MEDIA_KEY_SECRET: z.string().min(16).default(DEMO_SECRETS.MEDIA_KEY_SECRET),
  JWT_SECRET: z.string().min(16).default(DEMO_SECRETS.JWT_SECRET),
  API_KEY: z.string().default(DEMO_SECRETS.API_KEY),
  FIREBASE_PROJECT_ID: z.string().default('demo-kilig'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().optional(),
  /** Shared rate limits and cache invalidation across instances; a bad value would silently leave them per instance. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, hostname: /./, error: 'a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379' }).optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).default(DEMO_SECRETS.PAYMENT_WEBHOOK_SECRET),
  /**
   * PayMongo, the real gateway adapter (lib/server/payments/gateways/paymongo.ts; never the default): the API secret key
   * (sk_test_… or sk_live_…, whose prefix also picks the te/li webhook signature) and the signing secret PayMongo
   * returned when the webhook endpoint was created. Unset: the adapter cannot be built.
   */
  PAYMONGO_SECRET_KEY: z.string().optional(),
  PAYMONGO_WEBHOOK_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Memory for the shared page cache in front of Next (scripts/serve.ts); 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Proxies in front of Next that append to X-Forwarded-For (scripts/serve.ts is one); rate limits key on the entry the last of them saw. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(1),
  /** Build output folder; a second folder lets two builds of one checkout run side by side. */
  NEXT_DIST_DIR: z.string().regex(/^\.next[\w-]*$/, 'a folder name starting with .next').default('.next'),
  /**
   * The payment gateway adapter new checkouts go through (lib/server/payments/registry.ts): `sandbox`, the embedded
   * test gateway with its checkout page at /pay (the demo default; refused in production), or a real gateway's name.
   */
  PAYMENT_GATEWAY: z.string().regex(/^[a-z0-9_-]{1,32}$/, 'a gateway name such as sandbox').default('sandbox'),
  /**
   * Where the sandbox gateway delivers its signed webhooks. Unset: NEXT_PUBLIC_SITE_URL plus /api/payments/webhook/sandbox
   * (the app itself; never the Host a payer's request named). Set it when that origin does not reach the app from the
   * server; `npm start` sets it to the app on its own port.
   */
  SANDBOX_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Run the durable job worker (webhook deliveries, payment reconciliation) inside each app process. Default on; turn
   * it off on instances that should only answer requests when a separate worker process runs the queue.
   */
  JOBS_WORKER: z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1'),
  /**
   * Production without a multi-DRM provider (no NEXT_PUBLIC_DRM_*_URL) serves the demo's own ClearKey licences: the raw
   * content keys go to every entitled viewer's browser. The production profile refuses that unless this says it is
   * accepted (e.g. a catalogue that is free to watch anyway).
   */
  DRM_ALLOW_CLEARKEY_IN_PRODUCTION: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1'),
  /** Set by Next itself ('phase-production-build' during `next build`): the job worker never starts in a build. */
  NEXT_PHASE: z.string().optional(),
}).superRefine((env, ctx) => {
  // Checked in every profile: a half-configured bucket storage would fail on the first upload, not at start.
  if (env.STORAGE_DRIVER !== 's3') return;
  for (const name of ['S3_MEDIA_BUCKET', 'S3_UPLOAD_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required with STORAGE_DRIVER=s3` });
  }
  if (env.S3_MEDIA_BUCKET && env.S3_MEDIA_BUCKET === env.S3_UPLOAD_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_UPLOAD_BUCKET'], message: 'S3_UPLOAD_BUCKET must differ from S3_MEDIA_BUCKET: uploaded sources would be as public as the media' });
  }
});

type ParsedServerEnv = z.infer<typeof serverSchema>;
export type ServerEnv = Omit<ParsedServerEnv, 'DB_AUTO_SEED'> & { DB_AUTO_SEED: boolean };

function parse<T extends z.ZodType>(schema: T, values: Record<string, string | undefined>, label: string): z.infer<T> {
  // Empty strings mean "unset" so a copied .env.example with blanks falls back to defaults.
  const cleaned = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new Error(`Invalid ${label} environment: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}

const publicCheck = publicSchema.safeParse(publicEnv);
if (!publicCheck.success) throw new Error(`Invalid public environment: ${z.prettifyError(publicCheck.error)}`);
export { publicEnv, type PublicEnv };

let cachedServerEnv: ServerEnv | undefined;

/** Parses a set of values (process.env, or a test's) into server settings, with the profile's defaults. */
export function parseServerEnv(values: Record<string, string | undefined>): ServerEnv {
  const parsed = parse(serverSchema, values, 'server');
  return { ...parsed, DB_AUTO_SEED: parsed.DB_AUTO_SEED ?? parsed.APP_ENV !== 'production' };
}

/** Whether folder `dir` is `parent` or lies within it (both resolved against the working folder). */
export function isInside(dir: string, parent: string): boolean {
  const rel = path.relative(path.resolve(parent), path.resolve(dir));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

const LOCAL_HOSTS = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;
const MIN_SECRET_LENGTH = 32;

/**
 * Everything that makes these settings unfit for production (empty when fit): the checklist of the production
 * profile, printed by `npm run check:deploy` and enforced at start with APP_ENV=production. Like Django's
 * `check --deploy`, it names every problem at once.
 */
export function deployProblems(env: ServerEnv, pub: PublicEnv = publicEnv): string[] {
  const problems: string[] = [];
  for (const name of ['JWT_SECRET', 'MEDIA_KEY_SECRET', 'PAYMENT_WEBHOOK_SECRET', 'API_KEY'] as const) {
    const value = env[name];
    // API_KEY travels to every browser (NEXT_PUBLIC_API_KEY): it tells our client apart, it guards nothing, so
    // it need only differ from the committed one; the others sign tokens, seal content keys and verify payments.
    const min = name === 'API_KEY' ? 16 : MIN_SECRET_LENGTH;
    if (value === DEMO_SECRETS[name]) problems.push(`${name} is the committed demo value: set a random one (openssl rand -base64 48)`);
    else if (value.length < min) problems.push(`${name} is shorter than ${min} characters`);
  }
  if (pub.NEXT_PUBLIC_API_KEY !== env.API_KEY) problems.push('NEXT_PUBLIC_API_KEY must equal API_KEY (browsers send it in the key header)');
  if (!env.DATABASE_URL) problems.push('DATABASE_URL is not set: the embedded PostgreSQL server is for the demo only');
  if (env.DB_AUTO_SEED) problems.push('DB_AUTO_SEED is on: an empty production database would get the demo catalogue');
  if (env.FIREBASE_AUTH_EMULATOR_HOST) problems.push('FIREBASE_AUTH_EMULATOR_HOST is set: tokens would be checked against an emulator');
  if (pub.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL) problems.push('NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL is set: browsers would sign in against an emulator');
  if (env.PAYMENT_GATEWAY === 'sandbox') problems.push('PAYMENT_GATEWAY is sandbox: its checkout page approves any payment; set a real gateway');
  if (pub.NEXT_PUBLIC_PAYMENT_GATEWAY !== env.PAYMENT_GATEWAY) {
    problems.push('NEXT_PUBLIC_PAYMENT_GATEWAY must equal PAYMENT_GATEWAY (browsers call that gateway\'s payment paths)');
  }
  if (env.PAYMENT_GATEWAY === 'paymongo' && !(env.PAYMONGO_SECRET_KEY && env.PAYMONGO_WEBHOOK_SECRET)) {
    problems.push('PAYMENT_GATEWAY is paymongo but PAYMONGO_SECRET_KEY or PAYMONGO_WEBHOOK_SECRET is not set');
  }
  if (env.FIREBASE_PROJECT_ID.startsWith('demo-')) problems.push(`FIREBASE_PROJECT_ID is ${env.FIREBASE_PROJECT_ID}: demo- projects exist only in the emulator`);
  if (pub.NEXT_PUBLIC_FIREBASE_PROJECT_ID.startsWith('demo-') || pub.NEXT_PUBLIC_FIREBASE_API_KEY === 'demo-api-key') {
    problems.push('NEXT_PUBLIC_FIREBASE_API_KEY / NEXT_PUBLIC_FIREBASE_PROJECT_ID are the demo values: set the web config of your Firebase project');
  }
  if (env.STORAGE_DRIVER === 'local') {
    problems.push('STORAGE_DRIVER is local: media and uploads on one instance\'s disk: other instances can neither serve nor ingest them; set STORAGE_DRIVER=s3 and the S3_* settings');
  }
  if (isInside(env.UPLOAD_DIR, env.MEDIA_DIR)) problems.push('UPLOAD_DIR is inside MEDIA_DIR: uploaded source videos would be served to anyone; put it elsewhere');
  const multiDrm = pub.NEXT_PUBLIC_DRM_WIDEVINE_URL || pub.NEXT_PUBLIC_DRM_PLAYREADY_URL || pub.NEXT_PUBLIC_DRM_FAIRPLAY_URL;
  if (!multiDrm && !env.DRM_ALLOW_CLEARKEY_IN_PRODUCTION) {
    problems.push(
      'No multi-DRM licence URL is set (NEXT_PUBLIC_DRM_WIDEVINE_URL, NEXT_PUBLIC_DRM_PLAYREADY_URL, NEXT_PUBLIC_DRM_FAIRPLAY_URL): ' +
        'the app would hand raw ClearKey content keys to every entitled viewer; set your provider\'s URLs, or DRM_ALLOW_CLEARKEY_IN_PRODUCTION=true to accept that',
    );
  }
  const site = new URL(pub.NEXT_PUBLIC_SITE_URL);
  if (LOCAL_HOSTS.test(site.hostname)) problems.push(`NEXT_PUBLIC_SITE_URL is ${pub.NEXT_PUBLIC_SITE_URL}: set the public https origin`);
  else if (site.protocol !== 'https:') problems.push('NEXT_PUBLIC_SITE_URL must be https in production');
  return problems;
}

/** The one message a refused production start prints. */
export function deployProblemsMessage(problems: string[]): string {
  return `APP_ENV=production refuses to start with these settings (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
    'Fix them (see docs/deployment.md, "Production checklist"); `npm run check:deploy` lists them without starting.';
}

/**
 * Server-only settings. Parsed on first use (never in a browser bundle, where these are absent). In the production
 * profile, any demo default is fatal here: next.config.ts, `next start` and every script read settings through this.
 */
export function serverEnv(): ServerEnv {
  if (typeof window !== 'undefined') throw new Error('serverEnv() called in the browser');
  if (!cachedServerEnv) {
    const env = parseServerEnv(process.env as Record<string, string | undefined>);
    if (env.APP_ENV === 'production') {
      const problems = deployProblems(env);
      if (problems.length) throw new Error(deployProblemsMessage(problems));
    }
    cachedServerEnv = env;
  }
  return cachedServerEnv;
}

/** For scripts and tests that change process.env after startup. */
export function resetServerEnvForTests(): void {
  cachedServerEnv = undefined;
}
