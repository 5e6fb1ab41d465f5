'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { homeHref, movieHref, parseEpisodeSlug, titleRefFromEpisodeSlug, type TitleRef } from '@/lib/routes';
import { loadMovieSeriesVideosForUser } from '@/lib/api/catalog';

const linkClass = 'inline-flex h-11 items-center rounded-full px-6 text-sm font-semibold';

/**
 * Spec §5 episode-open errors: no episode number in the address, or no such episode (both answer 404). 'Go home'
 * always; when the address names a title that exists (a bad episode number of a real series), its page as well.
 */
export default function EpisodeNotFound() {
  const t = useTranslations('pages.episode');
  const pathname = usePathname() ?? '';
  const slug = pathname.split('/').filter(Boolean).pop() ?? '';
  const message = parseEpisodeSlug(slug).episodeNumber === null ? t('incomplete') : t('notFound');
  const series = useKnownTitle(titleRefFromEpisodeSlug(slug));
  return (
    <div className="grid min-h-dvh place-items-center bg-black p-6 text-center text-white">
      <div className="space-y-4" role="alert">
        <p className="text-lg font-semibold">{message}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {series ? (
            <Link href={movieHref(series)} className={`${linkClass} bg-kilig-600 hover:bg-kilig-500`}>
              {t('goToSeries')}
            </Link>
          ) : null}
          <Link href={homeHref()} className={`${linkClass} ${series ? 'bg-white/10 hover:bg-white/20' : 'bg-kilig-600 hover:bg-kilig-500'}`}>
            {t('goHome')}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The title, once the catalogue says it exists (its episode list answers); null before that and when it does not. */
function useKnownTitle(ref: TitleRef | null): TitleRef | null {
  const [known, setKnown] = useState<TitleRef | null>(null);
  const id = ref?._id ?? null;
  const name = ref?.name ?? null;
  useEffect(() => {
    if (!id || !name) return;
    const aborted = new AbortController();
    loadMovieSeriesVideosForUser({ movieSeriesId: id, limit: 1 }, aborted.signal).then(
      () => setKnown({ _id: id, name }),
      () => undefined,
    );
    return () => aborted.abort();
  }, [id, name]);
  return known;
}
