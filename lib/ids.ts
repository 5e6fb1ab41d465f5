/** 24-hex ids, like the spec's `_id`; they never contain a dash, so `/movie/{name}-{id}` parses unambiguously. */
export function newId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const isId = (s: unknown): s is string => typeof s === 'string' && /^[0-9a-f]{24}$/.test(s);

/** Session identifiers (spec §3): prefix_timestamp_random. */
export function sessionIdentifier(prefix: 'PAYMENT' | 'PREMIUM' | 'SESSION' | 'QR'): string {
  return `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;
}
