import type { ReactNode } from 'react';
import { pagePathSegment } from '@/lib/server/http/page-input';
import { enterLocale, type LocaleParams } from '@/i18n/server';

/**
 * The tag's input check runs here, above this segment's loading.tsx, so a malformed escape or a control character is a
 * real HTTP 404 (a notFound() inside the page would stream with status 200).
 */
export default async function TagLayout({ children, params }: { children: ReactNode; params: Promise<LocaleParams & { tag: string }> }) {
  await enterLocale(params);
  pagePathSegment((await params).tag);
  return children;
}
