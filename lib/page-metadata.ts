import type { Metadata } from 'next';
import { publicEnv } from '@/lib/env';
import { pageTitle } from '@/lib/page-titles';
import { absoluteUrl } from '@/lib/seo';

/**
 * Metadata of a catalogue page for crawlers: the spec's page title (lib/page-titles.ts) unless a page has a unique
 * one of its own, its own description, the canonical URL, and Open Graph / Twitter cards with that title, text and
 * image. The root layout adds the site name, `rating: adult` and the defaults.
 */
export function pageMetadata({
  path,
  description,
  title,
  image,
  noindex = false,
}: {
  /** The canonical path (with its query when the query names the content, e.g. a genre). */
  path: string;
  description: string;
  /** A unique title; default: the spec's title for this path (often the brand only). */
  title?: string;
  image?: string;
  noindex?: boolean;
}): Metadata {
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  const fullTitle = title ?? pageTitle(path.split('?')[0], brand);
  const url = absoluteUrl(path);
  const images = image ? [absoluteUrl(image)] : undefined;
  return {
    title: { absolute: fullTitle },
    description,
    alternates: { canonical: url },
    openGraph: { type: 'website', url, title: fullTitle, description, siteName: brand, locale: 'en_PH', ...(images ? { images } : {}) },
    twitter: { card: 'summary_large_image', title: fullTitle, description, ...(images ? { images } : {}) },
    ...(noindex ? { robots: { index: false, follow: true } } : {}),
  };
}
