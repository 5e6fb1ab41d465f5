import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resetServerEnvForTests } from '@/lib/env';
import { mediaStorage, resetStorageForTests, s3ClientConfig, uploadStorage } from './index';

const saved = { ...process.env };

function withEnv(values: Record<string, string>) {
  for (const key of Object.keys(process.env)) if (key.startsWith('S3_') || key === 'STORAGE_DRIVER') delete process.env[key];
  Object.assign(process.env, values);
  resetServerEnvForTests();
  resetStorageForTests();
}

afterEach(() => {
  process.env = { ...saved };
  resetServerEnvForTests();
  resetStorageForTests();
});

describe('the storage areas built from the settings', () => {
  it('are the two folders by default, one instance per folder', () => {
    withEnv({ MEDIA_DIR: '/tmp/kilig-idx-media', UPLOAD_DIR: '/tmp/kilig-idx-uploads' });
    expect(mediaStorage().kind).toBe('local');
    expect(mediaStorage()).toBe(mediaStorage());
    expect(uploadStorage()).not.toBe(mediaStorage());
    withEnv({ MEDIA_DIR: path.join('/tmp', 'kilig-idx-other') });
    expect(mediaStorage().kind).toBe('local');
  });

  it('are two buckets with STORAGE_DRIVER=s3', () => {
    withEnv({ STORAGE_DRIVER: 's3', S3_MEDIA_BUCKET: 'media', S3_UPLOAD_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_ENDPOINT: 'http://127.0.0.1:1', S3_FORCE_PATH_STYLE: 'true' });
    expect(mediaStorage().kind).toBe('s3');
    expect(uploadStorage().kind).toBe('s3');
    expect(uploadStorage()).not.toBe(mediaStorage());
  });
});

describe('s3ClientConfig', () => {
  it('asks for checksums only where S3 requires them, so S3-compatible services get plain bodies', () => {
    const config = s3ClientConfig({ S3_ENDPOINT: undefined, S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: false });
    expect(config).toMatchObject({ region: 'auto', forcePathStyle: false, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
    expect(config.endpoint).toBeUndefined();
    expect(config.credentials).toEqual({ accessKeyId: 'id', secretAccessKey: 'secret' });
  });
});
