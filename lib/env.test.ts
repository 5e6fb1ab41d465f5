import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '@/tests/fixtures/production-env';
import { DEMO_SECRETS, deployProblems, parseServerEnv, publicEnv, type PublicEnv } from './env';

const publicOf = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([k]) => k.startsWith('NEXT_PUBLIC_'))) as Partial<PublicEnv>;
const goodPublic: PublicEnv = { ...publicEnv, ...publicOf(PRODUCTION_ENV) };
const good = PRODUCTION_ENV;

describe('the production profile', () => {
  it('finds nothing wrong with real-looking settings', () => {
    expect(deployProblems(parseServerEnv(good), goodPublic)).toEqual([]);
  });

  it('refuses production without a multi-DRM licence URL (raw ClearKey keys for every viewer) unless DRM_ALLOW_CLEARKEY_IN_PRODUCTION accepts it', () => {
    const noDrm = { ...goodPublic, NEXT_PUBLIC_DRM_WIDEVINE_URL: '', NEXT_PUBLIC_DRM_PLAYREADY_URL: '', NEXT_PUBLIC_DRM_FAIRPLAY_URL: '' };
    const problems = deployProblems(parseServerEnv(good), noDrm);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/No multi-DRM licence URL.*ClearKey.*DRM_ALLOW_CLEARKEY_IN_PRODUCTION=true/);
    expect(deployProblems(parseServerEnv({ ...good, DRM_ALLOW_CLEARKEY_IN_PRODUCTION: 'true' }), noDrm)).toEqual([]);
    expect(deployProblems(parseServerEnv({ ...good, DRM_ALLOW_CLEARKEY_IN_PRODUCTION: 'false' }), noDrm)).toHaveLength(1);
    // One provider URL is enough: the raw-key endpoints are off then (lib/server/drm/clearkey.ts).
    expect(deployProblems(parseServerEnv(good), { ...noDrm, NEXT_PUBLIC_DRM_WIDEVINE_URL: 'https://wv.drm.example.com/licence' })).toEqual([]);
  });

  it('names every demo default at once: secrets, emulator, missing database, seeding, sandbox payments, localhost', () => {
    const problems = deployProblems(parseServerEnv({ APP_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }), {
      ...publicEnv,
      NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
    });
    const text = problems.join('\n');
    for (const name of ['JWT_SECRET', 'MEDIA_KEY_SECRET', 'PAYMENT_WEBHOOK_SECRET', 'API_KEY', 'DATABASE_URL', 'FIREBASE_AUTH_EMULATOR_HOST', 'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL', 'PAYMENT_GATEWAY', 'FIREBASE_PROJECT_ID', 'NEXT_PUBLIC_SITE_URL']) {
      expect(text).toContain(name);
    }
    expect(problems.filter((p) => p.includes('committed demo value'))).toHaveLength(Object.keys(DEMO_SECRETS).length);
  });

  it('refuses short secrets, an http site, a browser key that differs, and seeding switched on by hand', () => {
    const problems = deployProblems(parseServerEnv({ ...good, JWT_SECRET: 'x'.repeat(20), DB_AUTO_SEED: 'true' }), {
      ...goodPublic,
      NEXT_PUBLIC_SITE_URL: 'http://kilig.ph',
      NEXT_PUBLIC_API_KEY: 'other-key-of-twenty-chars',
    });
    expect(problems).toEqual([
      'JWT_SECRET is shorter than 32 characters',
      expect.stringContaining('NEXT_PUBLIC_API_KEY must equal API_KEY'),
      expect.stringContaining('DB_AUTO_SEED is on'),
      'NEXT_PUBLIC_SITE_URL must be https in production',
    ]);
  });

  it('refuses a browser gateway name that differs from the server\'s', () => {
    expect(deployProblems(parseServerEnv(good), { ...goodPublic, NEXT_PUBLIC_PAYMENT_GATEWAY: 'sandbox' })).toEqual([
      expect.stringContaining('NEXT_PUBLIC_PAYMENT_GATEWAY must equal PAYMENT_GATEWAY'),
    ]);
  });

  it('refuses a real gateway without its keys', () => {
    const problems = deployProblems(parseServerEnv({ ...good, PAYMONGO_WEBHOOK_SECRET: '' }), goodPublic);
    expect(problems).toEqual([expect.stringContaining('PAYMONGO_SECRET_KEY or PAYMONGO_WEBHOOK_SECRET')]);
  });

  it('refuses media and uploads on one instance\'s disk (STORAGE_DRIVER=local)', () => {
    const problems = deployProblems(parseServerEnv({ ...good, STORAGE_DRIVER: 'local' }), goodPublic);
    expect(problems).toEqual([expect.stringMatching(/STORAGE_DRIVER is local.*other instances can neither serve nor ingest.*STORAGE_DRIVER=s3/)]);
    // The default is the folder: the demo profile needs no bucket.
    expect(parseServerEnv({}).STORAGE_DRIVER).toBe('local');
  });

  it('wants both buckets, distinct, and credentials with STORAGE_DRIVER=s3, in every profile', () => {
    const s3 = { STORAGE_DRIVER: 's3', S3_MEDIA_BUCKET: 'media', S3_UPLOAD_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    const parsed = parseServerEnv(s3);
    expect(parsed).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    expect(parsed.S3_ENDPOINT).toBeUndefined();
    expect(parseServerEnv({ ...s3, S3_FORCE_PATH_STYLE: 'true', S3_ENDPOINT: 'http://127.0.0.1:4561' })).toMatchObject({ S3_FORCE_PATH_STYLE: true, S3_ENDPOINT: 'http://127.0.0.1:4561' });
    for (const name of ['S3_MEDIA_BUCKET', 'S3_UPLOAD_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(() => parseServerEnv({ ...s3, [name]: '' }), name).toThrow(`${name} is required with STORAGE_DRIVER=s3`);
    }
    expect(() => parseServerEnv({ ...s3, S3_UPLOAD_BUCKET: 'media' })).toThrow(/must differ from S3_MEDIA_BUCKET/);
    expect(() => parseServerEnv({ ...s3, S3_MEDIA_BUCKET: 'Media_Bucket' })).toThrow(/S3_MEDIA_BUCKET/);
    expect(() => parseServerEnv({ ...s3, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    // The local driver ignores the bucket settings.
    expect(() => parseServerEnv({ S3_MEDIA_BUCKET: 'media' })).not.toThrow();
  });

  it('seeds by default in the demo profile only', () => {
    expect(parseServerEnv({}).DB_AUTO_SEED).toBe(true);
    expect(parseServerEnv({ APP_ENV: 'production' }).DB_AUTO_SEED).toBe(false);
    expect(parseServerEnv({ DB_AUTO_SEED: 'false' }).DB_AUTO_SEED).toBe(false);
  });

  it('ships no emulator URL by default: browsers talk to an emulator only when it is configured', () => {
    expect(process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL ?? '').toBe('');
    expect(publicEnv.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL).toBe('');
  });
});
