import { abrRestrictions, type Quality } from './quality';
import { decimalText } from '@/lib/format';

/**
 * How much data an episode uses at a quality (issue 22: shown on the episode page and the locked panel), from its
 * manifest's variants and its duration. Pure and isomorphic (no DOM, no Shaka): a server component may use it too.
 */

/** One playable variant: its total bitrate (video and audio, bits per second) and its frame size, if known. */
export type Variant = { bandwidth: number; width?: number | null; height?: number | null };

/** The same test Shaka's ABR applies (`abr.restrictions` in pixels); a variant of unknown size passes, as in Shaka. */
export function allows(quality: Quality, variant: Variant): boolean {
  const { minPixels, maxPixels } = abrRestrictions(quality);
  if (!variant.width || !variant.height) return true;
  const pixels = variant.width * variant.height;
  return pixels >= minPixels && pixels <= maxPixels;
}

/**
 * The ladder our packaging makes of an upload (lib/server/media/package.ts: DEFAULT_RENDITIONS, 96 kbit/s audio), for
 * an estimate without the manifest (a locked episode: its manifests never reach the client). Targets, not peaks: a
 * video's own manifest, when at hand, is the better source.
 */
export const TYPICAL_VARIANTS: readonly Variant[] = [
  { bandwidth: 600_000 + 96_000, width: 360, height: 640 },
  { bandwidth: 1_800_000 + 96_000, width: 720, height: 1280 },
];

const byBandwidth = (a: Variant, b: Variant) => a.bandwidth - b.bandwidth;

/**
 * The variant the estimate counts for a quality: the richest one the choice allows (what a good connection ends on;
 * Auto may therefore use less on a slow one). When none fits, the lowest one, as Shaka's ABR does.
 */
export function variantFor<V extends Variant>(variants: readonly V[], quality: Quality): V | null {
  const usable = variants.filter((v) => Number.isFinite(v.bandwidth) && v.bandwidth > 0).sort(byBandwidth);
  if (usable.length === 0) return null;
  const fitting = usable.filter((v) => allows(quality, v));
  return fitting.length > 0 ? fitting[fitting.length - 1] : usable[0];
}

/** Bytes an episode of `seconds` uses at `quality`; null when nothing is known (no variants, no duration). */
export function estimateBytes(variants: readonly Variant[], seconds: number, quality: Quality): number | null {
  const variant = variantFor(variants, quality);
  if (!variant || !Number.isFinite(seconds) || seconds <= 0) return null;
  return Math.round((variant.bandwidth * seconds) / 8);
}

/** '≈ 45 MB', '≈ 1.2 GB', '≈ 0.8 MB' in the page's Intl locale (en-PH, fil-PH); decimal units, as data plans count. */
export function formatDataUse(bytes: number, intlLocale = 'en-PH'): string {
  const mb = bytes / 1e6;
  const [value, unit] = mb >= 1000 ? [mb / 1000, 'gigabyte'] : [mb, 'megabyte'];
  const digits = value < 10 ? 1 : 0;
  // Written without Intl when it can be (lib/format.ts: the page's first NumberFormat loads ICU's number data, 66 ms
  // of the episode page at Lighthouse's slowdown for this label); 'MB' and 'GB' as Intl's short units say them.
  const number = decimalText(value, digits, intlLocale);
  const text = number === null ? new Intl.NumberFormat(intlLocale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits }).format(value) : `${number} ${unit === 'gigabyte' ? 'GB' : 'MB'}`;
  return `≈ ${text}`;
}

const attr = (tag: string, name: string): string | null => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null;
const num = (value: string | null | undefined): number | null => (value && Number.isFinite(Number(value)) ? Number(value) : null);

/** A DASH manifest's variants: each video representation with the richest audio one (Shaka pairs them). */
function dashVariants(mpd: string): Variant[] {
  const video: Variant[] = [];
  let audio = 0;
  for (const set of mpd.match(/<AdaptationSet[\s\S]*?<\/AdaptationSet>/gi) ?? []) {
    const head = /<AdaptationSet[^>]*>/i.exec(set)![0];
    const kind = attr(head, 'contentType') ?? attr(head, 'mimeType') ?? '';
    for (const rep of set.match(/<Representation[^>]*>/gi) ?? []) {
      const type = kind || attr(rep, 'mimeType') || '';
      const bandwidth = num(attr(rep, 'bandwidth'));
      if (bandwidth === null) continue;
      if (/^audio/i.test(type)) audio = Math.max(audio, bandwidth);
      else if (/^video/i.test(type)) video.push({ bandwidth, width: num(attr(rep, 'width') ?? attr(head, 'width')), height: num(attr(rep, 'height') ?? attr(head, 'height')) });
    }
  }
  return video.map((v) => ({ ...v, bandwidth: v.bandwidth + audio }));
}

/** An HLS master playlist's variants (BANDWIDTH already counts the audio). */
function hlsVariants(m3u8: string): Variant[] {
  return (m3u8.match(/#EXT-X-STREAM-INF:[^\n]*/g) ?? []).flatMap((line) => {
    const bandwidth = num(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1]);
    const [width, height] = (/RESOLUTION=(\d+)x(\d+)/.exec(line) ?? []).slice(1).map(Number);
    return bandwidth === null ? [] : [{ bandwidth, width: width ?? null, height: height ?? null }];
  });
}

/** The variants of a manifest's text: a DASH MPD or an HLS master playlist (anything else: none). */
export function variantsFromManifest(text: string): Variant[] {
  if (/<MPD[\s>]/.test(text)) return dashVariants(text);
  if (text.trimStart().startsWith('#EXTM3U')) return hlsVariants(text);
  return [];
}
