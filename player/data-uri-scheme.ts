import type shaka from 'shaka-player';

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
 * A prefetched ClearKey licence reaches Shaka as a `data:` URI (clearkey-prefetch.ts), but its DASH-only build has no
 * data-URI scheme plugin. This one is registered as a fallback: where Shaka's own plugin exists (the full build), that
 * one wins.
 */
export function registerDataUriScheme(s: typeof shaka): void {
  const plugin: shaka.extern.SchemePlugin = (uri, request) => {
    const { type, bytes } = decodeDataUri(uri);
    const response: shaka.extern.Response = { uri, originalUri: uri, data: bytes, headers: { 'content-type': type }, originalRequest: request };
    return s.util.AbortableOperation.completed(response);
  };
  s.net.NetworkingEngine.registerScheme('data', plugin, s.net.NetworkingEngine.PluginPriority.FALLBACK);
}
