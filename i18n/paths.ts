import { routing, type Locale } from './routing';

/**
 * A page's public path in a language: English keeps the spec's path, Filipino has `/fil` in front ('/' → '/fil').
 * Pure (no Next.js), so the server's caches, the sitemap and metadata use the same spelling as the links.
 */
export function localizedPath(path: string, locale: Locale): string {
  if (locale === routing.defaultLocale) return path;
  return path === '/' ? `/${locale}` : path.startsWith('/?') ? `/${locale}${path.slice(1)}` : `/${locale}${path}`;
}

/** Every public spelling of a page: one per language. */
export const everyLocalePath = (path: string): string[] => routing.locales.map((locale) => localizedPath(path, locale));

/** The path Next renders a page under inside the app (app/[locale]/…): '/movie/x' → '/en/movie/x', '/fil/movie/x'. */
export const internalPaths = (path: string): string[] => routing.locales.map((locale) => (path === '/' ? `/${locale}` : `/${locale}${path}`));

/** The language of a public path and the path without its prefix: '/fil/movie/x' → ['fil', '/movie/x']. */
export function splitLocale(path: string): [Locale, string] {
  for (const locale of routing.locales) {
    if (locale === routing.defaultLocale) continue;
    if (path === `/${locale}`) return [locale, '/'];
    if (path.startsWith(`/${locale}/`)) return [locale, path.slice(locale.length + 1)];
    if (path.startsWith(`/${locale}?`)) return [locale, `/${path.slice(locale.length + 1)}`];
  }
  return [routing.defaultLocale, path];
}
