import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { permanentRedirect } from '@/i18n/navigation';
import { fullEpisodesHref } from '@/lib/routes';
import { isCanonicalSlug } from '@/lib/canonical-slug';
import { loadTitleBySlug } from './load-title';
import { enterLocale, type LocaleParams } from '@/i18n/server';

/**
 * The unknown-title check runs here, above this segment's loading.tsx, so it finishes before the response starts
 * streaming and the answer is a real HTTP 404 (a notFound() inside the page would stream with status 200). Other
 * spellings of the name move to the canonical URL.
 */
export default async function FullEpisodesLayout({ children, params }: { children: ReactNode; params: Promise<LocaleParams & { slug: string }> }) {
  const locale = await enterLocale(params);
  const { slug } = await params;
  const title = await loadTitleBySlug(slug);
  if (!title) notFound();
  // In the page's language: a Filipino page's other spelling moves to the Filipino canonical URL.
  if (!isCanonicalSlug(slug, fullEpisodesHref(title))) permanentRedirect({ href: fullEpisodesHref(title), locale });
  return children;
}
