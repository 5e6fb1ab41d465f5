import { redirect } from 'next/navigation';
import { genresHref } from '@/lib/routes';

/** The browse page lives at /movie-genres/All-movies (spec §2). */
export default function MovieGenresIndex() {
  redirect(genresHref());
}
