import { redirect } from 'next/navigation';
import { genresHref } from '@/lib/routes';
import { enterLocale, type LocaleParams } from '@/i18n/server';

/** The browse page lives at /movie-genres/All-movies (spec §2). */
export default async function MovieGenresIndex({ params }: { params: Promise<LocaleParams> }) {
  await enterLocale(params);
  redirect(genresHref());
}
