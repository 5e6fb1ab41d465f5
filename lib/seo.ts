import type { Metadata } from 'next';
import { publicEnv } from '@/lib/public-env';
import { episodeHref, movieHref } from '@/lib/routes';
import type { TitleDetail } from '@/lib/contracts/catalog';
import { localizedPath } from '@/i18n/paths';
import { routing, type Locale } from '@/i18n/routing';

/** Open Graph's spelling of each language. */
export const OG_LOCALE: Record<Locale, string> = { en: 'en_PH', fil: 'fil_PH' };

/**
 * hreflang alternates of a page (`<link rel="alternate" hreflang>`): every language's URL, and English as the default
 * for any other language. `path` is the page's English path.
 */
export function languageAlternates(path: string): Record<string, string> {
  const languages: Record<string, string> = {};
  for (const locale of routing.locales) languages[locale] = absoluteUrl(localizedPath(path, locale));
  languages['x-default'] = absoluteUrl(path);
  return languages;
}

/** Absolute URL on the public site origin (canonical links, Open Graph, JSON-LD, sitemap). */
export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return new URL(pathOrUrl, publicEnv.NEXT_PUBLIC_SITE_URL).toString();
}

function describe(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

/**
 * Unique title, description, canonical URL and alternates, Open Graph and Twitter card of a movie or series page; the
 * page's words (`title`, the description when the title has none) come translated from the page.
 */
export function titleMetadata(t: TitleDetail, locale: Locale, words: { title: string; fallbackDescription: string }): Metadata {
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  const url = absoluteUrl(localizedPath(movieHref(t), locale));
  const title = words.title;
  const description = describe(t.description || words.fallbackDescription);
  const poster = absoluteUrl(t.thumbnail);
  return {
    title: { absolute: title },
    description,
    alternates: { canonical: url, languages: languageAlternates(movieHref(t)) },
    openGraph: {
      type: t.type === 1 ? 'video.movie' : 'video.tv_show',
      locale: OG_LOCALE[locale],
      url,
      title,
      description,
      siteName: brand,
      images: [{ url: poster, width: 720, height: 1280, alt: t.name }],
    },
    twitter: { card: 'summary_large_image', title, description, images: [poster] },
  };
}

type JsonLd = Record<string, unknown>;

function trailerObject(t: TitleDetail): JsonLd | undefined {
  if (!t.trailerUrl) return undefined;
  return {
    '@type': 'VideoObject',
    name: `${t.name} – Official Trailer`,
    description: describe(t.description),
    thumbnailUrl: absoluteUrl(t.trailerImage ?? t.thumbnail),
    contentUrl: absoluteUrl(t.trailerUrl),
    embedUrl: absoluteUrl(episodeHref(t, 0)),
    uploadDate: `${t.releaseYear}-01-01`,
    ...(t.trailerDuration > 0 ? { duration: `PT${Math.round(t.trailerDuration)}S` } : {}),
  };
}

/**
 * Schema.org for a title page: Movie, or TVSeries with TVSeason and TVEpisode; VideoObject for the trailer;
 * `isAccessibleForFree: false` on premium (locked for guests) episodes.
 */
export function titleJsonLd(t: TitleDetail): JsonLd {
  const url = absoluteUrl(movieHref(t));
  const base: JsonLd = {
    '@context': 'https://schema.org',
    name: t.name,
    url,
    description: t.description,
    image: absoluteUrl(t.thumbnail),
    genre: t.genres,
    keywords: t.tags.join(', '),
    contentRating: '18+',
    datePublished: String(t.releaseYear),
    isAccessibleForFree: !t.isPremium,
    actor: t.artists.map((a) => ({ '@type': 'Person', name: a.name })),
    ...(trailerObject(t) ? { trailer: trailerObject(t) } : {}),
  };
  const episodes = t.episodes.filter((e) => e.episodeNumber > 0);
  if (t.type === 1) {
    const movie = episodes[0];
    return { ...base, '@type': 'Movie', ...(movie ? { duration: `PT${movie.duration}S` } : {}) };
  }
  const episodeLd = (e: TitleDetail['episodes'][number]): JsonLd => ({
    '@type': 'TVEpisode',
    episodeNumber: e.episodeNumber,
    name: e.title ?? `Episode ${e.episodeNumber}`,
    description: e.description,
    url: absoluteUrl(episodeHref(t, e.episodeNumber)),
    timeRequired: `PT${e.duration}S`,
    isAccessibleForFree: !e.isPremium,
  });
  const seasonNumbers = [...new Set(episodes.map((e) => e.season?.seasonNumber ?? 1))].sort((a, b) => a - b);
  return {
    ...base,
    '@type': 'TVSeries',
    numberOfEpisodes: episodes.length,
    numberOfSeasons: seasonNumbers.length,
    containsSeason: seasonNumbers.map((n) => {
      const season = t.seasons.find((s) => s.seasonNumber === n);
      const list = episodes.filter((e) => (e.season?.seasonNumber ?? 1) === n);
      return {
        '@type': 'TVSeason',
        seasonNumber: n,
        name: season?.title ? `Season ${n}: ${season.title}` : `Season ${n}`,
        numberOfEpisodes: list.length,
        episode: list.map(episodeLd),
      };
    }),
  };
}
