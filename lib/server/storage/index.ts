import 'server-only';
import path from 'node:path';
import { serverEnv } from '@/lib/env';
import { localStorage } from './local';
import { s3Client, s3Storage } from './s3';
import type { ObjectStorage } from './types';
import type { S3Client } from '@aws-sdk/client-s3';

export type { ObjectBody, ObjectInfo, ObjectStorage, PutOptions } from './types';
export { contentTypeOf, IMMUTABLE_CACHE_CONTROL, isValidKey, RangeNotSatisfiableError } from './keys';
export { localStorage } from './local';
export { s3ClientConfig, s3Storage } from './s3';

/**
 * The two storage areas the app uses, built from the settings (lib/env.ts). One instance per distinct setting, so
 * tests that point MEDIA_DIR/UPLOAD_DIR elsewhere (and reset the env) get a storage on their folder, while every
 * request of a running server shares one.
 */
const instances = new Map<string, ObjectStorage>();

function cached(id: string, build: () => ObjectStorage): ObjectStorage {
  let storage = instances.get(id);
  if (!storage) {
    storage = build();
    instances.set(id, storage);
  }
  return storage;
}

const clients = new Map<string, S3Client>();

/** The storage of one area: its folder with STORAGE_DRIVER=local, its bucket with s3 (one client shared by both). */
function area(dir: string, bucket: 'S3_MEDIA_BUCKET' | 'S3_UPLOAD_BUCKET'): ObjectStorage {
  const env = serverEnv();
  if (env.STORAGE_DRIVER === 'local') {
    const root = path.resolve(dir);
    return cached(`local:${root}`, () => localStorage(root));
  }
  const name = env[bucket];
  // lib/env.ts refuses STORAGE_DRIVER=s3 without both buckets, so this is a settings object built by hand.
  if (!name) throw new Error(`${bucket} is required with STORAGE_DRIVER=s3`);
  const clientId = JSON.stringify([env.S3_ENDPOINT, env.S3_REGION, env.S3_ACCESS_KEY_ID, env.S3_FORCE_PATH_STYLE]);
  return cached(`s3:${clientId}:${name}`, () => {
    let client = clients.get(clientId);
    if (!client) {
      client = s3Client(env);
      clients.set(clientId, client);
    }
    return s3Storage({ client, bucket: name });
  });
}

/** Packaged media, posters and banners: public, served from NEXT_PUBLIC_MEDIA_BASE_URL. Content keys never go here. */
export function mediaStorage(): ObjectStorage {
  return area(serverEnv().MEDIA_DIR, 'S3_MEDIA_BUCKET');
}

/** Studio sources and subtitles waiting to be packaged: private, never served. */
export function uploadStorage(): ObjectStorage {
  return area(serverEnv().UPLOAD_DIR, 'S3_UPLOAD_BUCKET');
}

/** Forgets built storages (tests that change settings between cases). */
export function resetStorageForTests(): void {
  instances.clear();
  for (const client of clients.values()) client.destroy();
  clients.clear();
}
