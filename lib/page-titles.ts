import type { Metadata } from 'next';
import { createTranslator } from 'next-intl';
import { MESSAGES } from '@/messages';
import type { Locale } from '@/i18n/routing';
import { publicEnv } from './public-env';

type TitleKey = 'library' | 'movieGenres' | 'fandom' | 'wallet' | 'subscription';

/** What the path contains, checked in this order (so '/dashboard/library' is the library, not the dashboard). */
const BY_PATH: [string, TitleKey][] = [
  ['library', 'library'],
  ['movie-genres', 'movieGenres'],
  ['fandom', 'fandom'],
  ['wallet', 'wallet'],
  ['subscription', 'subscription'],
];

/**
 * Page titles of spec §2 (English exactly as the spec writes them; Filipino in messages/fil/pages.json): chosen by
 * what the path contains; any other path is the brand only.
 */
export function pageTitle(pathname: string, brand: string, locale: Locale = 'en'): string {
  const key = BY_PATH.find(([part]) => pathname.includes(part))?.[1];
  if (!key) return brand;
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'pages.titles' });
  return t(key, { brand });
}

/** `metadata.title` for a page at `pathname`: absolute, so the root layout's template does not add to it. */
export function pageTitleMetadata(pathname: string, locale: Locale = 'en', brand: string = publicEnv.NEXT_PUBLIC_BRAND_NAME): Metadata {
  return { title: { absolute: pageTitle(pathname, brand, locale) } };
}
