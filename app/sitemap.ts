import type { MetadataRoute } from 'next';
import { absoluteUrl, languageAlternates } from '@/lib/seo';
import { localizedPath } from '@/i18n/paths';
import { routing } from '@/i18n/routing';
import { aboutHref, artistHref, genresHref, installHref, movieHref, privacyHref, seriesHref, subscriptionHref, termsHref } from '@/lib/routes';
import { listTitles } from '@/lib/server/catalog';

export const dynamic = 'force-dynamic';
export const revalidate = 3600;

type Entry = MetadataRoute.Sitemap[number];

/** A page in every language, each entry naming the others (hreflang alternates). */
function inEveryLanguage(path: string, entry: Omit<Entry, 'url' | 'alternates'>): Entry[] {
  const languages = languageAlternates(path);
  return routing.locales.map((locale) => ({ ...entry, url: absoluteUrl(localizedPath(path, locale)), alternates: { languages } }));
}

/** Every title, plus the browse pages, in English and Filipino. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const { items } = await listTitles({ limit: 100 });
  let all = items;
  for (let offset = items.length; all.length < 10_000; offset += 100) {
    const next = await listTitles({ limit: 100, offset });
    if (next.items.length === 0) break;
    all = all.concat(next.items);
  }
  const pages = ['/', genresHref(), seriesHref(), artistHref(), subscriptionHref(), aboutHref()].flatMap((p) =>
    inEveryLanguage(p, { changeFrequency: 'daily', priority: p === '/' ? 1 : 0.6 }),
  );
  // The policies and the install page (how to add the site to a phone) change rarely and rank low.
  const policies = [termsHref(), privacyHref(), installHref()].flatMap((p) => inEveryLanguage(p, { changeFrequency: 'monthly', priority: 0.2 }));
  const titles = all.flatMap((t) => inEveryLanguage(movieHref(t), { changeFrequency: 'weekly', priority: 0.8, images: [absoluteUrl(t.thumbnail)] }));
  return [...pages, ...policies, ...titles];
}
