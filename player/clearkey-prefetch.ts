import type { PlaybackMedia } from '@/lib/contracts/playback';
import { readRaw, STORAGE_KEYS } from '@/lib/storage';
import { takeBootLicence } from './boot';

const hexToB64url = (hex: string) => btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((h) => parseInt(h, 16)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Absolute licence URL → the prefetched answer as a `data:` URI (null: refused or failed). */
const pending = new Map<string, Promise<string | null>>();

/**
 * The ClearKey licence of the video a player starts with, asked of the same entitlement-checked endpoint Shaka would
 * call, but as soon as the page renders, alongside the engine download and the manifest, instead of after Shaka has
 * parsed the manifest and set up the CDM: the licence round trip leaves the start-up path. Shaka's own licence request
 * takes the answer (takePrefetchedLicence); nothing waits for it. Only for the local ClearKey setup.
 */
export function prefetchLicence(media: Pick<PlaybackMedia, 'licenseUrl' | 'drmKeyId'>): void {
  const url = new URL(media.licenseUrl, window.location.href).href;
  if (pending.has(url)) return;
  // The page's inline start (boot-script.ts) may have asked already.
  const asked = takeBootLicence(url);
  if (asked) return void pending.set(url, asked);
  const token = readRaw(STORAGE_KEYS.token);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token && token !== 'undefined' && token !== 'null') headers.authorization = `Bearer ${token}`;
  const body = JSON.stringify({ kids: [hexToB64url(media.drmKeyId)], type: 'temporary' });
  const request = fetch(url, { method: 'POST', headers, body })
    .then(async (res) => (res.ok ? `data:application/json;base64,${btoa(await res.text())}` : null))
    .catch(() => null);
  pending.set(url, request);
}

/**
 * The prefetched answer for a licence request to `url`, handed out once (a later request asks the server again);
 * null when none was prefetched.
 */
export function takePrefetchedLicence(url: string): Promise<string | null> | null {
  const request = pending.get(url) ?? takeBootLicence(url);
  pending.delete(url);
  return request;
}
