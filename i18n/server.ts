import 'server-only';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { isLocale, type Locale } from './routing';

export type LocaleParams = { locale: string };

/**
 * The first line of every page and layout under app/[locale]: reads the language from the route, answers 404 for one
 * we do not have, and tells next-intl, so the page renders statically (no request headers) and stays cacheable.
 */
export async function enterLocale(params: Promise<LocaleParams> | LocaleParams): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return locale;
}
