import 'server-only';
import path from 'node:path';
import { serverEnv } from '@/lib/env';
import { localStorage } from './local';
import type { ObjectStorage } from './types';

export type { ObjectBody, ObjectInfo, ObjectStorage, PutOptions } from './types';
export { contentTypeOf, isValidKey, RangeNotSatisfiableError } from './keys';
export { localStorage } from './local';

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

/** Packaged media, posters and banners: public, served from NEXT_PUBLIC_MEDIA_BASE_URL. Content keys never go here. */
export function mediaStorage(): ObjectStorage {
  const root = path.resolve(serverEnv().MEDIA_DIR);
  return cached(`local:${root}`, () => localStorage(root));
}

/** Studio sources and subtitles waiting to be packaged: private, never served. */
export function uploadStorage(): ObjectStorage {
  const root = path.resolve(serverEnv().UPLOAD_DIR);
  return cached(`local:${root}`, () => localStorage(root));
}

/** Forgets built storages (tests that change settings between cases). */
export function resetStorageForTests(): void {
  instances.clear();
}
