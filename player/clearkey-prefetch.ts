import type { PlaybackMedia } from '@/lib/server/playback/types';
import { readRaw, STORAGE_KEYS } from '@/lib/storage';

/** Shaka's `drm.clearKeys`: key id → key, both hex. */
export type ClearKeys = Record<string, string>;

const hexToB64url = (hex: string) => btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((h) => parseInt(h, 16)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const b64urlToHex = (s: string) =>
  Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');

export const keyIdToBase64url = hexToB64url;
export const base64urlToHex = b64urlToHex;

const pending = new Map<string, Promise<ClearKeys | null>>();

/**
 * The ClearKey licence of one video, asked of the same entitlement-checked endpoint Shaka would call, but started as
 * soon as the page renders, in parallel with the Shaka download, instead of after the player has parsed the manifest:
 * the licence round trip leaves the start-up path. Null when refused or failed: Shaka then asks the endpoint itself.
 * Only for the local ClearKey setup; production key systems go through their licence servers.
 */
export function prefetchClearKeys(media: Pick<PlaybackMedia, 'videoId' | 'licenseUrl' | 'drmKeyId'>): Promise<ClearKeys | null> {
  const cached = pending.get(media.videoId);
  if (cached) return cached;
  const token = readRaw(STORAGE_KEYS.token);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token && token !== 'undefined' && token !== 'null') headers.authorization = `Bearer ${token}`;
  const request = fetch(media.licenseUrl, { method: 'POST', headers, body: JSON.stringify({ kids: [hexToB64url(media.drmKeyId)], type: 'temporary' }) })
    .then(async (res) => {
      if (!res.ok) return null;
      const json = (await res.json()) as { keys?: { kid: string; k: string }[] };
      const keys: ClearKeys = {};
      for (const k of json.keys ?? []) keys[b64urlToHex(k.kid)] = b64urlToHex(k.k);
      return Object.keys(keys).length ? keys : null;
    })
    .catch(() => null);
  pending.set(media.videoId, request);
  // Keys are not kept longer than the page needs them, and a failure may be retried.
  void request.then((keys) => {
    if (!keys) pending.delete(media.videoId);
  });
  return request;
}

/** Forgets prefetched keys (the player unmounted). */
export function forgetClearKeys(videoId?: string): void {
  if (videoId) pending.delete(videoId);
  else pending.clear();
}
