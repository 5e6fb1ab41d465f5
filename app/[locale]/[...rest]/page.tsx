import { notFound } from 'next/navigation';
import { enterLocale, type LocaleParams } from '@/i18n/server';

/** Any other path in a language: that language's 404 page (app/[locale]/not-found.tsx) inside the site's layout. */
export default async function UnknownPage({ params }: { params: Promise<LocaleParams> }) {
  await enterLocale(params);
  notFound();
}
