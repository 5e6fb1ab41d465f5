import type { ImageKind } from '@/lib/contracts/studio-titles';

/**
 * The sizes a poster or banner upload is stored at (lib/server/studio/images.ts), largest first: the 9:16 poster at
 * 720×1280 and 360×640, the 16:9 banner at 1920×1080 and 960×540. The largest is `<kind>.webp`, the path the title
 * keeps; the others are `<kind>-<width>.webp` beside it. Every upload since the studio existed has had all of them,
 * so pages may offer them all in a `srcset` without asking storage.
 */
export const IMAGE_SIZES: Record<ImageKind, { width: number; height: number }[]> = {
  poster: [
    { width: 720, height: 1280 },
    { width: 360, height: 640 },
  ],
  banner: [
    { width: 1920, height: 1080 },
    { width: 960, height: 540 },
  ],
};

/** The file name of one stored size: the largest keeps the plain name (what a title stores and older pages use). */
export function imageFileName(kind: ImageKind, width: number): string {
  return width === IMAGE_SIZES[kind][0].width ? `${kind}.webp` : `${kind}-${width}.webp`;
}

/** An uploaded image's URL, on the media route or a CDN: '…/images/<16 hex>/poster.webp' or '…/banner.webp'. */
const UPLOADED = /^(.*\/images\/[0-9a-f]{16}\/)(poster|banner)\.webp$/;

/**
 * The `srcset` of an image URL: every stored width of an upload (smallest first), so a phone downloads the 360 px
 * poster or the 960 px banner rather than the full size (about a third to half the bytes). Undefined for anything else
 * (site paths such as the demo's SVG art, absolute URLs entered by hand): one file, no other sizes to offer.
 *
 * Our own variants, made once at upload, rather than Next's image optimiser: in production the images are static
 * files in the media bucket behind a CDN, so no app instance resizes on request and no per-instance cache warms up.
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  const m = url ? UPLOADED.exec(url) : null;
  if (!m) return undefined;
  const [, folder, kind] = m as unknown as [string, string, ImageKind];
  return [...IMAGE_SIZES[kind]]
    .reverse()
    .map(({ width }) => `${folder}${imageFileName(kind, width)} ${width}w`)
    .join(', ');
}
