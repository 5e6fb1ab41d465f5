import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/seo';
import { aboutHref, artistHref, genresHref, movieHref, privacyHref, seriesHref, subscriptionHref, termsHref } from '@/lib/routes';
import { listTitles } from '@/lib/server/catalog';

export const dynamic = 'force-dynamic';
export const revalidate = 3600;

/** Every title, plus the browse pages. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const { items } = await listTitles({ limit: 100 });
  let all = items;
  for (let offset = items.length; all.length < 10_000; offset += 100) {
    const next = await listTitles({ limit: 100, offset });
    if (next.items.length === 0) break;
    all = all.concat(next.items);
  }
  const pages = ['/', genresHref(), seriesHref(), artistHref(), subscriptionHref(), aboutHref()].map((p) => ({
    url: absoluteUrl(p),
    changeFrequency: 'daily' as const,
    priority: p === '/' ? 1 : 0.6,
  }));
  // The policies change rarely and rank low.
  const policies = [termsHref(), privacyHref()].map((p) => ({ url: absoluteUrl(p), changeFrequency: 'monthly' as const, priority: 0.2 }));
  return [
    ...pages,
    ...policies,
    ...all.map((t) => ({ url: absoluteUrl(movieHref(t)), changeFrequency: 'weekly' as const, priority: 0.8, images: [absoluteUrl(t.thumbnail)] })),
  ];
}
