import { redirect } from '@/i18n/navigation';
import { genresHref } from '@/lib/routes';
import { enterLocale, type LocaleParams } from '@/i18n/server';

/** The browse page lives at /movie-genres/All-movies (spec §2), in the page's language (/fil/movie-genres/All-movies). */
export default async function MovieGenresIndex({ params }: { params: Promise<LocaleParams> }) {
  redirect({ href: genresHref(), locale: await enterLocale(params) });
}
