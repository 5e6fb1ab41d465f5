import 'server-only';

/**
 * Manifest rewrite for a CENC-protected package.
 *
 * DASH: every video and audio AdaptationSet gets, right after its opening tag (where the MPD schema puts descriptors
 * before any Representation):
 *   <ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc" cenc:default_KID="<uuid>"/>
 *   <ContentProtection schemeIdUri="urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e" value="ClearKey1.0"/>
 * and the MPD root declares xmlns:cenc. The default_KID is what lets Shaka/Chromium start a ClearKey session even
 * without a PSSH; production adds Widevine/PlayReady descriptors from the DRM provider next to these.
 * Text AdaptationSets (WebVTT subtitles) stay clear and untouched.
 *
 * HLS: each media playlist (one with #EXT-X-MAP) gets
 *   #EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="identity",URI="<key uri>"
 * before its #EXT-X-MAP, so it covers the init section and every segment. With KEYFORMAT "identity" the player
 * fetches the raw 16-byte key from the URI (an entitlement-checked endpoint). Plain text manipulation is enough:
 * the inputs are the files ffmpeg's dash muxer writes, not arbitrary XML.
 */

export const MP4PROTECTION_SCHEME = 'urn:mpeg:dash:mp4protection:2011';
export const CLEARKEY_DASH_SCHEME = 'urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e';
export const CENC_NAMESPACE = 'urn:mpeg:cenc:2013';

/** 16-byte key id → 8-4-4-4-12 lower-case UUID form, as used by cenc:default_KID. */
export function keyIdToUuid(keyId: Buffer): string {
  if (keyId.length !== 16) throw new Error('key id must be 16 bytes');
  const h = keyId.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function adaptationSetKind(block: string): 'video' | 'audio' | 'other' {
  const open = block.slice(0, block.indexOf('>') + 1);
  const contentType = /\bcontentType="([^"]+)"/.exec(open)?.[1];
  const mimeType = /\bmimeType="([^"/]+)\//.exec(open)?.[1] ?? /\bmimeType="([^"/]+)\//.exec(block)?.[1];
  const kind = contentType ?? mimeType;
  return kind === 'video' || kind === 'audio' ? kind : 'other';
}

export function protectMpd(mpd: string, keyId: Buffer): string {
  const kid = keyIdToUuid(keyId);
  if (!/<MPD\b/.test(mpd)) throw new Error('not an MPD');
  if (/<ContentProtection\b/.test(mpd)) throw new Error('MPD already has ContentProtection');
  let out = mpd.replace(/<MPD\b([^>]*)>/, (tag, attrs: string) =>
    /\bxmlns:cenc=/.test(attrs) ? tag : `<MPD xmlns:cenc="${CENC_NAMESPACE}"${attrs}>`,
  );
  let protectedSets = 0;
  out = out.replace(/([ \t]*)(<AdaptationSet\b[^>]*[^/]>)([\s\S]*?<\/AdaptationSet>)/g, (whole, indent: string, open: string, rest: string) => {
    if (adaptationSetKind(open + rest) === 'other') return whole;
    protectedSets++;
    const inner = /\n([ \t]*)</.exec(rest)?.[1] ?? `${indent}\t`;
    const descriptors =
      `\n${inner}<ContentProtection schemeIdUri="${MP4PROTECTION_SCHEME}" value="cenc" cenc:default_KID="${kid}"/>` +
      `\n${inner}<ContentProtection schemeIdUri="${CLEARKEY_DASH_SCHEME}" value="ClearKey1.0"/>`;
    return `${indent}${open}${descriptors}${rest}`;
  });
  if (protectedSets === 0) throw new Error('MPD has no audio or video AdaptationSet');
  return out;
}

/** True for an HLS media playlist of fragmented MP4 (has an init section). */
export function isHlsMediaPlaylist(text: string): boolean {
  return /^#EXT-X-MAP:/m.test(text);
}

export function protectHlsMediaPlaylist(text: string, keyUri: string): string {
  if (!isHlsMediaPlaylist(text)) throw new Error('not a fragmented-MP4 HLS media playlist');
  if (/^#EXT-X-KEY:/m.test(text)) throw new Error('playlist already has #EXT-X-KEY');
  if (/["\r\n]/.test(keyUri)) throw new Error('HLS key URI must not contain quotes or line breaks');
  const key = `#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="identity",URI="${keyUri}"`;
  return text.replace(/^#EXT-X-MAP:/m, `${key}\n#EXT-X-MAP:`);
}
