import { defineRouting } from 'next-intl/routing';

/**
 * The site's languages (issue 22). English keeps the spec's routes (`/movie/x`); Filipino is the same page under
 * `/fil` (`/fil/movie/x`). Both are plain URLs, so each language's page is one shared-cacheable, crawlable document;
 * i18n/rewrites.ts maps them onto app/[locale] (no middleware). Nothing is negotiated on the server: no redirect on
 * Accept-Language and no locale cookie (a cookie would keep the page out of the shared cache, and a redirect would hide
 * a language from crawlers). The browser's language only makes the page offer the other language
 * (components/layout/LanguageOffer.tsx). Detection and cookie below are next-intl's middleware options, kept off should
 * one ever be added.
 */
export const routing = defineRouting({
  locales: ['en', 'fil'],
  defaultLocale: 'en',
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: false,
  // hreflang alternates are in each page's <head> (lib/page-metadata.ts) and the sitemap, not in a Link header.
  alternateLinks: false,
});

export type Locale = (typeof routing.locales)[number];

/** The BCP 47 tag for Intl formatting: pesos, numbers and dates as Filipinos read them. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-PH', fil: 'fil-PH' };

/** Every date and time the site shows is Philippine time, whatever the viewer's device says. */
export const TIME_ZONE = 'Asia/Manila';

export const isLocale = (value: unknown): value is Locale => routing.locales.includes(value as Locale);
