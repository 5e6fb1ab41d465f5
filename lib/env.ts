import { z } from 'zod';
import { publicEnv, type PublicEnv } from './public-env';

/**
 * The reader of process.env (with lib/public-env.ts for browser values). `next.config.ts` imports this module, so a bad
 * environment fails the build.
 */

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Checks of the public values (lib/public-env.ts reads them, with their defaults, for the browser). */
const publicSchema = z.object({
  NEXT_PUBLIC_BRAND_NAME: z.string().min(1),
  NEXT_PUBLIC_SITE_URL: z.url(),
  NEXT_PUBLIC_API_KEY: z.string(),
  NEXT_PUBLIC_MEDIA_BASE_URL: z.string().min(1),
  NEXT_PUBLIC_CONTACT_EMAIL: z.email(),
  NEXT_PUBLIC_POSTAL_ADDRESS: z.string(),
  NEXT_PUBLIC_FIREBASE_API_KEY: z.string(),
  NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: z.string(),
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: z.string(),
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: z.string(),
  NEXT_PUBLIC_GOOGLE_CLIENT_ID: z.string(),
  NEXT_PUBLIC_DRM_WIDEVINE_URL: z.string(),
  NEXT_PUBLIC_DRM_PLAYREADY_URL: z.string(),
  NEXT_PUBLIC_DRM_FAIRPLAY_URL: z.string(),
});

const serverSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
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
  DB_AUTO_SEED: bool.default(true),
  MEDIA_DIR: z.string().default('.data/media'),
  MEDIA_SOURCE_DIR: z.string().default('media/demo'),
  MEDIA_KEY_SECRET: z.string().min(16).default('kilig-dev-media-key-secret-change-me'),
  JWT_SECRET: z.string().min(16).default('kilig-dev-jwt-secret-change-me-please'),
  API_KEY: z.string().default('kilig-demo-api-key'),
  FIREBASE_PROJECT_ID: z.string().default('demo-kilig'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().optional(),
  /** Shared rate limits and cache invalidation across instances; a bad value would silently leave them per instance. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, hostname: /./, error: 'a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379' }).optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).default('kilig-dev-webhook-secret-change-me'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Memory for the shared page cache in front of Next (scripts/serve.ts); 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Proxies in front of Next that append to X-Forwarded-For (scripts/serve.ts is one); rate limits key on the entry the last of them saw. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(1),
  /** Build output folder; a second folder lets two builds of one checkout run side by side. */
  NEXT_DIST_DIR: z.string().regex(/^\.next[\w-]*$/, 'a folder name starting with .next').default('.next'),
  /** Enables /api/e2e/* (test-only state changes such as granting VIP). Set only by the Playwright web server. */
  E2E_TEST_HOOKS: bool.default(false),
});

export type ServerEnv = z.infer<typeof serverSchema>;

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

/** Server-only settings. Parsed on first use (never in a browser bundle, where these are absent). */
export function serverEnv(): ServerEnv {
  if (typeof window !== 'undefined') throw new Error('serverEnv() called in the browser');
  cachedServerEnv ??= parse(serverSchema, process.env as Record<string, string | undefined>, 'server');
  return cachedServerEnv;
}

/** For scripts and tests that change process.env after startup. */
export function resetServerEnvForTests(): void {
  cachedServerEnv = undefined;
}
