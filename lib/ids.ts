/** 24-hex ids, like the spec's `_id`; they never contain a dash, so `/movie/{name}-{id}` parses unambiguously. */
export function newId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const isId = (s: unknown): s is string => typeof s === 'string' && /^[0-9a-f]{24}$/.test(s);

export type SessionIdPrefix = 'PAYMENT' | 'PREMIUM' | 'SESSION' | 'QR';

/**
 * Session identifiers (spec §3): prefix_timestamp_random, e.g. `PAYMENT_1767225600000_k3v9q2x7m1p4a8zd`. The one
 * maker of them, in browser and server alike. 16 base-36 characters from the platform's CSPRNG (82 bits): payments
 * store them under a unique index, and Math.random() is neither unique enough nor unpredictable.
 */
export function sessionIdentifier(prefix: SessionIdPrefix, now = Date.now()): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  // 252 = 7 × 36: bytes of 252 and above would make the first values likelier, so they are mapped away by modulo on a
  // fair range only (a rejected byte is rare: 4 in 256; re-drawing keeps every character uniform).
  let random = '';
  while (random.length < 16) {
    for (const b of bytes) if (b < 252 && random.length < 16) random += (b % 36).toString(36);
    globalThis.crypto.getRandomValues(bytes);
  }
  return `${prefix}_${now}_${random}`;
}

const SESSION_ID = /^(PAYMENT|PREMIUM|SESSION|QR)_(\d{13})_([0-9a-z]{16})$/;

/** True for a well-formed session identifier (of `prefix`, when given). */
export function isSessionIdentifier(value: unknown, prefix?: SessionIdPrefix): value is string {
  if (typeof value !== 'string') return false;
  const m = SESSION_ID.exec(value);
  return m !== null && (prefix === undefined || m[1] === prefix);
}
