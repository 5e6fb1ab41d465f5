import type { PlaybackMedia } from '@/lib/contracts/playback';

export type ManifestAttempt = { url: string; drm: boolean };
export type Platform = 'apple' | 'mobile' | 'desktop';

/** Spec §5: the manifest URL must begin with http or // (a site-relative path is made absolute first). */
export function isPlayableManifestUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url);
}

export function absoluteUrl(url: string, base: string): string {
  if (isPlayableManifestUrl(url)) return url;
  return url.startsWith('/') ? new URL(url, base).href : url;
}

/**
 * The manifests to try in order (spec §8 'Manifest fallback chain'). Safari/iOS with HLS: the HLS manifest, then
 * dashManifest or fallbackManifest, then videoUrl. Mobile: the mobile manifest, then fallbackManifest or videoUrl, then
 * the same again without DRM. Desktop: the DASH manifest only (a failure is an error). Repeats are dropped.
 */
export function manifestChain(media: Pick<PlaybackMedia, 'dashManifest' | 'safariManifest' | 'mobileManifest' | 'fallbackManifest' | 'videoUrl'>, platform: Platform): ManifestAttempt[] {
  let chain: ManifestAttempt[];
  if (platform === 'apple') {
    chain = [media.safariManifest, media.dashManifest || media.fallbackManifest, media.videoUrl].map((url) => ({ url, drm: true }));
  } else if (platform === 'mobile') {
    const fallback = media.fallbackManifest || media.videoUrl;
    chain = [
      { url: media.mobileManifest || media.dashManifest, drm: true },
      { url: fallback, drm: true },
      { url: fallback, drm: false },
    ];
  } else {
    chain = [{ url: media.dashManifest, drm: true }];
  }
  const seen = new Set<string>();
  return chain.filter((a) => {
    const key = `${a.drm}|${a.url}`;
    if (!a.url || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
