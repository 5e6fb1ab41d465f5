import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { permanentRedirect } from '@/i18n/navigation';
import { movieHref } from '@/lib/routes';
import { isCanonicalSlug } from '@/lib/canonical-slug';
import { loadMoviePage } from './load-title';
import { enterLocale, type LocaleParams } from '@/i18n/server';

/**
 * The unknown-title check runs here, above this segment's loading.tsx, so it finishes before the response starts
 * streaming and the answer is a real HTTP 404 (a notFound() inside the page would stream with status 200). A slug
 * whose name part is not the title's current name (renamed, mistyped) moves permanently to the canonical URL, so
 * every title has one cached page and one URL for crawlers.
 */
export default async function MovieLayout({ children, params }: { children: ReactNode; params: Promise<LocaleParams & { slug: string }> }) {
  const locale = await enterLocale(params);
  const { slug } = await params;
  const data = await loadMoviePage(slug);
  if (!data) notFound();
  const { title } = data;
  // In the page's language: a Filipino page's other spelling moves to the Filipino canonical URL.
  if (!isCanonicalSlug(slug, movieHref(title))) permanentRedirect({ href: movieHref(title), locale });
  return children;
}
