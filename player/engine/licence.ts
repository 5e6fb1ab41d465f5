import type shaka from 'shaka-player';
import type { PlaybackMedia } from '@/lib/contracts/playback';
import { readToken } from '@/lib/session';
import { takeBootLicence } from './handoff';

/**
 * Everything about the ClearKey licence, for the app and the page's inline start alike (page-start.ts bundles this
 * module): the viewer's token (lib/session.ts), the licence request, the `data:` scheme its answer reaches Shaka through, and the
 * request filter that hands Shaka a prefetched answer or adds the Bearer token.
 */

export const hexToB64url = (hex: string) => btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((h) => parseInt(h, 16)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * Asks the entitlement-checked licence endpoint (absolute `url`) for one key, as Shaka's ClearKey request would, and
 * answers it as a `data:` URI; null when refused or failed (Shaka then asks the endpoint itself).
 */
export function requestLicence(url: string, drmKeyId: string, token: string | null): Promise<string | null> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const body = JSON.stringify({ kids: [hexToB64url(drmKeyId)], type: 'temporary' });
  return fetch(url, { method: 'POST', headers, body })
    .then(async (res) => (res.ok ? `data:application/json;base64,${btoa(await res.text())}` : null))
    .catch(() => null);
}

/** Absolute licence URL → the prefetched answer (null: refused or failed). */
const pending = new Map<string, Promise<string | null>>();

/**
 * The ClearKey licence of the video a player starts with, asked as soon as the page renders, alongside the engine
 * download and the manifest, instead of after Shaka has parsed the manifest and set up the CDM: the licence round trip
 * leaves the start-up path. Shaka's own licence request takes the answer (takePrefetchedLicence); nothing waits for
 * it. Only for the local ClearKey setup.
 */
export function prefetchLicence(media: Pick<PlaybackMedia, 'licenseUrl' | 'drmKeyId'>): void {
  const url = new URL(media.licenseUrl, window.location.href).href;
  if (pending.has(url)) return;
  // The page's inline start may have asked already.
  const asked = takeBootLicence(url);
  pending.set(url, asked ?? requestLicence(url, media.drmKeyId, readToken()));
}

/** The prefetched answer for a licence request to `url`, handed out once; null when none was prefetched. */
export function takePrefetchedLicence(url: string): Promise<string | null> | null {
  const request = pending.get(url) ?? takeBootLicence(url);
  pending.delete(url);
  return request;
}

/** Decodes a `data:` URI (RFC 2397) into its media type and bytes. */
export function decodeDataUri(uri: string): { type: string; bytes: Uint8Array } {
  const comma = uri.indexOf(',');
  if (!uri.startsWith('data:') || comma < 0) throw new Error('not a data URI');
  const meta = uri.slice(5, comma);
  const payload = uri.slice(comma + 1);
  const base64 = /;base64$/i.test(meta);
  const bytes = base64 ? Uint8Array.from(atob(payload), (c) => c.charCodeAt(0)) : new TextEncoder().encode(decodeURIComponent(payload));
  return { type: meta.replace(/;base64$/i, '') || 'text/plain', bytes };
}

/**
 * A prefetched licence reaches Shaka as a `data:` URI, but Shaka's DASH-only build has no data-URI scheme plugin.
 * This one is registered as a fallback: where Shaka's own plugin exists (the full build), that one wins.
 */
export function registerDataUriScheme(s: typeof shaka): void {
  const plugin: shaka.extern.SchemePlugin = (uri, request) => {
    const { type, bytes } = decodeDataUri(uri);
    const response: shaka.extern.Response = { uri, originalUri: uri, data: bytes, headers: { 'content-type': type }, originalRequest: request };
    return s.util.AbortableOperation.completed(response);
  };
  s.net.NetworkingEngine.registerScheme('data', plugin, s.net.NetworkingEngine.PluginPriority.FALLBACK);
}

/**
 * The licence and HLS-key endpoints are ours and entitlement-checked: they get the viewer's Bearer token. A licence
 * prefetched for that URL (`take`, handed out once) answers Shaka's request instead, as a `data:` URI.
 */
export function addLicenceRequestFilter(s: typeof shaka, player: shaka.Player, take: (url: string) => Promise<string | null> | null): void {
  const { LICENSE, KEY } = s.net.NetworkingEngine.RequestType;
  player.getNetworkingEngine()?.registerRequestFilter((type, request) => {
    if (type !== LICENSE && type !== KEY) return;
    const url = request.uris[0];
    if (!url || new URL(url, window.location.href).origin !== window.location.origin) return;
    const addBearer = () => {
      const token = readToken();
      if (token) request.headers['Authorization'] = `Bearer ${token}`;
    };
    const prefetched = type === LICENSE ? take(url) : null;
    if (!prefetched) return addBearer();
    return prefetched.then((licence) => (licence ? void (request.uris = [licence]) : addBearer()));
  });
}
