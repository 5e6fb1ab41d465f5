import type { Metadata } from 'next';
import { publicEnv } from '@/lib/public-env';
import { pageTitle } from '@/lib/page-titles';
import { absoluteUrl, languageAlternates, OG_LOCALE } from '@/lib/seo';
import { localizedPath } from '@/i18n/paths';
import type { Locale } from '@/i18n/routing';

/**
 * Metadata of a catalogue page for crawlers: the spec's page title (lib/page-titles.ts) unless a page has a unique
 * one of its own, its own description, the canonical URL in the page's language with its hreflang alternates, and Open
 * Graph / Twitter cards with that title, text and image. The [locale] layout adds the site name, `rating: adult` and
 * the defaults.
 */
export function pageMetadata({
  locale,
  path,
  description,
  title,
  image,
  noindex = false,
}: {
  locale: Locale;
  /** The canonical path in English (with its query when the query names the content, e.g. a genre). */
  path: string;
  description: string;
  /** A unique title; default: the spec's title for this path (often the brand only). */
  title?: string;
  image?: string;
  noindex?: boolean;
}): Metadata {
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  const fullTitle = title ?? pageTitle(path.split('?')[0], brand, locale);
  const url = absoluteUrl(localizedPath(path, locale));
  const images = image ? [absoluteUrl(image)] : undefined;
  return {
    title: { absolute: fullTitle },
    description,
    alternates: { canonical: url, languages: languageAlternates(path) },
    openGraph: { type: 'website', url, title: fullTitle, description, siteName: brand, locale: OG_LOCALE[locale], ...(images ? { images } : {}) },
    twitter: { card: 'summary_large_image', title: fullTitle, description, ...(images ? { images } : {}) },
    ...(noindex ? { robots: { index: false, follow: true } } : {}),
  };
}
