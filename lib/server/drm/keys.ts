import 'server-only';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { serverEnv } from '@/lib/env';

/** Content keys at rest: AES-256-GCM under a key derived from MEDIA_KEY_SECRET. Format "v1.<iv>.<tag>.<ct>" (base64url). */

function wrappingKey(secret = serverEnv().MEDIA_KEY_SECRET): Buffer {
  return createHash('sha256').update(`kilig-content-key:${secret}`).digest();
}

export function sealContentKey(key: Buffer, secret?: string): string {
  if (key.length !== 16) throw new Error('content keys are 16 bytes');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', wrappingKey(secret), iv);
  const ct = Buffer.concat([cipher.update(key), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ct].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function openContentKey(sealed: string, secret?: string): Buffer {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !ct) throw new Error('malformed sealed key');
  const decipher = createDecipheriv('aes-256-gcm', wrappingKey(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]);
}

/** A fresh key id (16 bytes, hex) and content key for one video. */
export function newContentKey(): { keyId: string; key: Buffer } {
  return { keyId: randomBytes(16).toString('hex'), key: randomBytes(16) };
}
