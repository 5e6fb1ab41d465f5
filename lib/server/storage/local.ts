import 'server-only';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkFolderPrefix, checkKey, checkListPrefix, RangeNotSatisfiableError } from './keys';
import type { ObjectBody, ObjectInfo, ObjectStorage } from './types';

/** The folder (inside the root, so a rename into place stays on one file system) where writes are built. */
const TMP = '.tmp';

/** Same form as before storage had drivers, so validators already cached by browsers and the page cache stay valid. */
function etagOf(size: number, mtimeMs: number): string {
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** Walks `dir` (an absolute folder) and answers the '/'-separated paths of its files, skipping dot names. */
async function walk(dir: string, rel: string, out: string[]): Promise<void> {
  const entries = await readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true }).catch((err: unknown) => {
    if (isMissing(err)) return [];
    throw err;
  });
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const childRel = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await walk(path.join(dir, entry.name), childRel, out);
    else if (entry.isFile()) out.push(childRel);
  }
}

/** The files under folder `dir` (absolute), as '/'-separated relative paths; dot names are skipped. */
export async function walkFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  await walk(dir, '', files);
  return files;
}

/**
 * ObjectStorage on a folder of this machine: the embedded default (one instance, `npm start`). Every write goes to a
 * temp file in `<root>/.tmp` and is renamed into place, so a reader sees the old bytes or the new ones, never half.
 */
export function localStorage(rootDir: string): ObjectStorage {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));

  async function tempFile(): Promise<string> {
    await mkdir(/*turbopackIgnore: true*/ path.join(root, TMP), { recursive: true });
    return path.join(root, TMP, `${process.pid}-${randomBytes(8).toString('hex')}`);
  }

  /** Builds the bytes in a temp file with `fill`, then renames it to the key's file. */
  async function writeAtomically(key: string, fill: (tmp: string) => Promise<void>): Promise<void> {
    const target = fileOf(key);
    const tmp = await tempFile();
    try {
      await fill(tmp);
      await mkdir(/*turbopackIgnore: true*/ path.dirname(target), { recursive: true });
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async function info(key: string): Promise<ObjectInfo | null> {
    const st = await stat(/*turbopackIgnore: true*/ fileOf(key)).catch((err: unknown) => {
      if (isMissing(err)) return null;
      throw err;
    });
    if (!st?.isFile()) return null;
    return { key, size: st.size, modified: st.mtime, etag: etagOf(st.size, st.mtimeMs) };
  }

  const storage: ObjectStorage = {
    kind: 'local',

    async put(key, body) {
      await writeAtomically(key, async (tmp) => {
        if (body instanceof Readable) await pipeline(body, createWriteStream(tmp));
        else await writeFile(tmp, body);
      });
    },

    async putFile(key, file) {
      await writeAtomically(key, (tmp) => copyFile(file, tmp));
    },

    async putFolder(dir, prefix) {
      if (prefix !== '') checkFolderPrefix(prefix);
      const files = await walkFiles(path.resolve(dir));
      const keys = files.map((rel) => checkKey(prefix + rel));
      for (const [i, rel] of files.entries()) await storage.putFile(keys[i]!, path.join(dir, ...rel.split('/')));
      return keys;
    },

    async get(key, range): Promise<ObjectBody | null> {
      // Open first and stat the open file: a rename that replaces the key meanwhile cannot mix two versions.
      const handle = await open(/*turbopackIgnore: true*/ fileOf(key), 'r').catch((err: unknown) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const st = await handle.stat();
        if (!st.isFile()) {
          await handle.close();
          return null;
        }
        const base = { key, size: st.size, modified: st.mtime, etag: etagOf(st.size, st.mtimeMs) };
        let served: { start: number; end: number } | undefined;
        if (range) {
          if (range.start >= st.size) throw new RangeNotSatisfiableError(key, st.size);
          served = { start: range.start, end: Math.min(range.end ?? st.size - 1, st.size - 1) };
        }
        const body = createReadStream('', { fd: handle, start: served?.start, end: served?.end, autoClose: true });
        return { ...base, body, ...(served ? { range: served } : {}) };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    head: info,

    async download(key, file) {
      try {
        await copyFile(fileOf(key), file);
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    async delete(key) {
      await unlink(fileOf(key)).catch((err: unknown) => {
        if (!isMissing(err)) throw err;
      });
    },

    async deletePrefix(prefix) {
      checkFolderPrefix(prefix);
      const dir = path.join(root, ...prefix.slice(0, -1).split('/'));
      const files: string[] = [];
      await walk(dir, '', files);
      await rm(/*turbopackIgnore: true*/ dir, { recursive: true, force: true });
      return files.length;
    },

    async list(prefix) {
      checkListPrefix(prefix);
      // Walk only the deepest folder the prefix names, then keep the keys that start with it.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const files: string[] = [];
      await walk(folder ? path.join(root, ...folder.split('/')) : root, folder, files);
      const keys = files.filter((k) => k.startsWith(prefix)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const infos = await Promise.all(keys.map(info));
      return infos.filter((i): i is ObjectInfo => i !== null);
    },
  };
  return storage;
}
