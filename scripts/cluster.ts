/**
 * The cluster test stage (`npm test -- cluster`, issue 23): the site past one machine, run here. It starts
 * PostgreSQL (the machine's, a fresh database `kilig_cluster`; else the embedded server), Redis (the machine's, a
 * database index of its own, flushed), an S3-speaking server (s3rver; the app talks to it with the real AWS SDK
 * client), the Firebase Auth Emulator, ONE production build (`.next-cluster`, demo profile, seeded with its media in
 * the bucket), two app instances as a deployment runs them (`npm run serve`, each with its own copy of the build and
 * its own scratch folders: nothing on disk is shared) and nginx in front (deploy/nginx/kilig.conf, rendered by
 * scripts/lib/nginx.ts, with X-Upstream naming the instance that answered). Then the Playwright specs of
 * tests/cluster run through the balancer (playwright.cluster.config.ts), and everything started here is stopped by
 * PID, also when a step fails.
 *
 * Exit 0: the specs passed; 1: a failure; 3: skipped, the reason printed (no Redis answers: the stage needs one).
 * Options: --reuse (keep the database, bucket, build and ports of the previous run: for working on the specs).
 * Environment: CLUSTER_REDIS_URL (default redis://127.0.0.1:6379/12), CLUSTER_BUILD_LOCK (a file to `flock` the build
 * with, when other builds run beside), PLAYWRIGHT_JSON_OUTPUT_NAME (the report), and Playwright's own arguments after `--`.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from 'redis';
import { createDemoAdmin } from './lib/demo-admin';
import { ensureDatabase, findPostgres, startEmbeddedPostgres, type EmbeddedServer } from './lib/embedded-postgres';
import { nginxAvailable, startNginx, type RunningNginx } from './lib/nginx';
import { freePort } from './lib/proc';
import {
  freshDatabase,
  killLeftovers,
  recordGroup,
  ROOT,
  startAuthEmulator,
  startInstance,
  tcpAnswers,
  writeClusterContext,
  type ClusterContext,
  type Group,
  type Instance,
} from './lib/cluster-stack';
import { startS3Server, type S3Server } from './lib/s3-server';

const { values: opts, positionals } = parseArgs({ options: { reuse: { type: 'boolean', default: false } }, allowPositionals: true });

const DIST = '.next-cluster';
const dataDir = path.join(ROOT, '.data', 'cluster');
const logDir = path.join(dataDir, 'logs');
const SKIPPED = 3;
const started = Date.now();
const stops: { what: string; stop: () => Promise<void> | void }[] = [];

function log(message: string) {
  console.log(`[cluster +${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
}

/** Runs `what`, printing how long it took. */
async function step<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  log(`${what} …`);
  const value = await fn();
  log(`${what}: done in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return value;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });
  return new Promise((resolve) => child.once('exit', resolve));
}

/** Stops what was started, last first; never throws. */
async function stopAll() {
  for (const { what, stop } of stops.reverse()) {
    try {
      await stop();
    } catch (err) {
      log(`stopping ${what} failed: ${String(err)}`);
    }
  }
  stops.length = 0;
}

type Ports = { nginx: number; emulator: number };

async function main(): Promise<number> {
  const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
  const redisAt = new URL(redisUrl);
  if (!(await tcpAnswers(redisAt.hostname, Number(redisAt.port || 6379)))) {
    log(`SKIPPED: no Redis answers at ${redisAt.host} (the instances share rate limits, cache invalidations and Next's cache through it). Start one (apt-get install redis-server) or set CLUSTER_REDIS_URL.`);
    return SKIPPED;
  }
  if (!nginxAvailable()) {
    log('FAILED: nginx is not installed (apt-get install nginx; .ci/run installs it): the stage runs the instances behind it.');
    return 1;
  }
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    log(`FAILED: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`);
    return 1;
  }

  // A previous run that was killed may have left its instances running (they are process groups of their own).
  const groupsFile = path.join(ROOT, '.data', 'cluster-groups.json');
  mkdirSync(path.dirname(groupsFile), { recursive: true });
  const leftovers = killLeftovers(groupsFile);
  if (leftovers) log(`killed ${leftovers} process group(s) a previous run left behind`);

  const portsFile = path.join(dataDir, 'ports.json');
  const reuse = opts.reuse && existsSync(portsFile) && existsSync(path.join(ROOT, DIST, 'BUILD_ID'));
  if (opts.reuse && !reuse) log('--reuse: no previous build to reuse; building');
  if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });

  // The site's origin (nginx) and the emulator's port are baked into the browser's code at build time.
  const ports: Ports = reuse ? (JSON.parse(readFileSync(portsFile, 'utf8')) as Ports) : { nginx: await freePort(), emulator: await freePort() };
  writeFileSync(portsFile, JSON.stringify(ports));
  const siteUrl = `http://127.0.0.1:${ports.nginx}`;

  // PostgreSQL.
  const databaseUrl = await step('PostgreSQL', async () => {
    const admin = await findPostgres();
    if (admin) {
      log(`PostgreSQL at ${new URL(admin).host}, database kilig_cluster${reuse ? ' (kept)' : ' (fresh)'}`);
      if (!reuse) return freshDatabase(admin, 'kilig_cluster');
      await ensureDatabase(admin, 'kilig_cluster');
      const url = new URL(admin);
      url.pathname = '/kilig_cluster';
      return url.toString();
    }
    const server: EmbeddedServer = await startEmbeddedPostgres(path.join(dataDir, 'postgres'));
    stops.push({ what: 'PostgreSQL', stop: () => server.stop() });
    await ensureDatabase(server.adminUrl, 'kilig_cluster');
    log(`embedded PostgreSQL on ${new URL(server.adminUrl).port}`);
    return server.urlFor('kilig_cluster');
  });

  // Redis: a database index of the stage's own, emptied (pub/sub channels are server-wide, which does no harm).
  await step(`Redis ${redisUrl}`, async () => {
    const client = createClient({ url: redisUrl });
    await client.connect();
    try {
      await client.flushDb();
    } finally {
      await client.close();
    }
  });

  const [mediaBucket, uploadBucket] = ['kilig-media', 'kilig-uploads'];
  const s3: S3Server = await step('S3 server (s3rver)', () => startS3Server({ directory: path.join(dataDir, 's3'), buckets: [mediaBucket, uploadBucket] }));
  stops.push({ what: 'the S3 server', stop: () => s3.stop() });
  log(`S3 endpoint ${s3.endpoint} (buckets ${s3.buckets.join(', ')}, folder ${path.relative(ROOT, s3.directory)})`);

  const webhookSecret = 'kilig-cluster-webhook-secret-0123456789';
  const apiKey = 'kilig-demo-api-key';
  /** What the build and every instance share: one deployment's settings. */
  const shared: Record<string, string> = {
    NEXT_TELEMETRY_DISABLED: '1',
    APP_ENV: 'demo',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_MEDIA_BUCKET: mediaBucket,
    S3_UPLOAD_BUCKET: uploadBucket,
    NEXT_PUBLIC_SITE_URL: siteUrl,
    NEXT_PUBLIC_MEDIA_BASE_URL: '/media',
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.emulator}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.emulator}`,
    FIREBASE_PROJECT_ID: 'demo-kilig',
    PAYMENT_WEBHOOK_SECRET: webhookSecret,
    // The sandbox delivers its webhooks through the balancer, to whichever instance nginx picks.
    SANDBOX_WEBHOOK_URL: `${siteUrl}/api/payments/webhook/sandbox`,
    // nginx, then the instance's own front server (scripts/serve.ts): the client is the second entry from the right.
    TRUSTED_PROXY_HOPS: '2',
    JOBS_WORKER: 'true',
  };

  const emulatorAndBuild = await step('Auth Emulator and the build (in parallel)', () =>
    Promise.all([
      startAuthEmulator(ports.emulator, path.join(dataDir, 'emulator'), (pid) => recordGroup(groupsFile, pid)).then((group: Group) => {
        stops.push({ what: 'the Auth Emulator', stop: () => group.stop() });
      }),
      reuse ? Promise.resolve(0) : build(shared),
    ]),
  );
  if (emulatorAndBuild[1] !== 0) {
    log('FAILED: the build failed');
    return 1;
  }
  const admin = await step('the demo admin', () => createDemoAdmin(shared.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL, shared.DATABASE_URL));

  // Each instance has a build of its own on disk (a copy), as two machines would: no cache file is shared.
  const distB = `${DIST}-b`;
  await step(`copy of the build for instance b (${distB})`, async () => {
    rmSync(path.join(ROOT, distB), { recursive: true, force: true });
    cpSync(path.join(ROOT, DIST), path.join(ROOT, distB), { recursive: true });
  });

  const instances: Instance[] = await step('instances a and b', () =>
    Promise.all(
      (['a', 'b'] as const).map(async (name) => {
        const scratch = path.join(dataDir, `instance-${name}`);
        const instance = await startInstance({
          name,
          distDir: name === 'a' ? DIST : distB,
          logDir,
          onGroup: (pid) => recordGroup(groupsFile, pid),
          env: { ...shared, NODE_ENV: 'production', DB_AUTO_SEED: 'false', UPLOAD_DIR: path.join(scratch, 'uploads'), MEDIA_DIR: path.join(scratch, 'media') },
        });
        stops.push({ what: `instance ${name}`, stop: () => instance.group.stop() });
        log(`instance ${name}: ${instance.url} (process group ${instance.pid}, log ${path.relative(ROOT, instance.log)})`);
        return instance;
      }),
    ),
  );

  const nginx: RunningNginx = await step('nginx', () =>
    startNginx({ listen: [`127.0.0.1:${ports.nginx}`], upstreams: instances.map((i) => i.port), prefix: path.relative(ROOT, path.join(dataDir, 'nginx')), exposeUpstream: true }),
  );
  stops.push({ what: 'nginx', stop: () => nginx.stop() });
  log(`nginx ${nginx.url} → ${instances.map((i) => i.port).join(', ')}`);

  const contextFile = path.join(dataDir, 'context.json');
  const context: ClusterContext = {
    url: siteUrl,
    instances: instances.map(({ group: _group, ...info }) => info),
    databaseUrl,
    redisUrl,
    emulatorUrl: `http://127.0.0.1:${ports.emulator}`,
    instanceEnv: { ...shared, NODE_ENV: 'production', DB_AUTO_SEED: 'false' },
    s3: { endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, mediaBucket, uploadBucket },
    webhookSecret,
    apiKey,
    admin,
    logDir,
  };
  writeClusterContext(contextFile, context);

  const report = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(ROOT, 'reports', 'playwright-cluster.json');
  const code = await step('Playwright (tests/cluster)', () =>
    run(path.join(ROOT, 'node_modules', '.bin', 'playwright'), ['test', '--config', 'playwright.cluster.config.ts', ...positionals], {
      ...process.env,
      CLUSTER_CONTEXT: contextFile,
      // tests/e2e's sign-up helpers, reused by the specs, read the emulator from here.
      E2E_AUTH_EMULATOR_URL: context.emulatorUrl,
      NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: context.emulatorUrl,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    }),
  );
  return code === 0 ? 0 : 1;
}

/** The production build of the demo profile, its database migrated and seeded (media into the bucket) first. */
async function build(shared: Record<string, string>): Promise<number | null> {
  // `next build` with another distDir adds it to tsconfig.json's include: the file is put back afterwards.
  const tsconfig = readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8');
  try {
    const args = ['--conditions=react-server', '--import', 'tsx', path.join(ROOT, 'scripts', 'start.ts'), '--build-only', '--fresh', '--data-dir', path.relative(ROOT, path.join(dataDir, 'build'))];
    const lock = process.env.CLUSTER_BUILD_LOCK;
    const env = { ...process.env, ...shared, NEXT_DIST_DIR: DIST, MEDIA_DIR: path.join(dataDir, 'build', 'media'), UPLOAD_DIR: path.join(dataDir, 'build', 'uploads') };
    return await (lock ? run('flock', [lock, process.execPath, ...args], env) : run(process.execPath, args, env));
  } finally {
    writeFileSync(path.join(ROOT, 'tsconfig.json'), tsconfig);
  }
}

let exiting = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (exiting) return;
    exiting = true;
    log(`${signal}: stopping everything`);
    void stopAll().then(() => process.exit(130));
  });
}

main()
  .catch((err: unknown) => {
    log(`FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  })
  .then(async (code) => {
    await step('stopping everything', stopAll);
    log(code === 0 ? 'passed' : code === SKIPPED ? 'skipped' : 'failed');
    process.exit(code);
  });
