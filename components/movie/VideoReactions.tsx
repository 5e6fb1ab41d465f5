'use client';

import { useEffect } from 'react';
import clsx from 'clsx';
import { useLocale, useTranslations } from 'next-intl';
import { formatFixed, formatNumber } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectSessionStatus, selectUser } from '@/store/auth/selectors';
import { fetchTitleEpisodes, rateVideo, removeVideoRating, toggleLike } from '@/store/movies/thunks';
import { selectIsLiking, selectRatingSummary, selectViewerEpisode } from '@/store/movies/selectors';
import { HeartIcon, HeartOutlineIcon, StarIcon } from '@/components/ui/icons';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Like and rate one video of the title (spec §4): the viewer's own like and rating, the like count and the average.
 * They load for this viewer once the login is known (loadMovieSeriesVideosForUser) and persist on the server.
 */
export function VideoReactions({ titleId, videoId, subject }: { titleId: string; videoId: string; subject: string }) {
  const t = useTranslations('movie.reactions');
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const sessionStatus = useAppSelector(selectSessionStatus);
  const userId = useAppSelector(selectUser)?._id ?? null;
  const settled = sessionStatus === 'succeeded' || sessionStatus === 'failed';

  useEffect(() => {
    if (settled) void dispatch(fetchTitleEpisodes({ movieSeriesId: titleId }));
  }, [settled, userId, titleId, dispatch]);

  const episode = useAppSelector((s) => selectViewerEpisode(s, titleId, videoId));
  const summary = useAppSelector((s) => selectRatingSummary(s, videoId));
  const liking = useAppSelector((s) => selectIsLiking(s, videoId));
  const isLiked = episode?.isLiked ?? false;
  const likes = episode?.likes ?? 0;
  const userRating = summary?.userRating ?? episode?.userRating ?? null;
  const average = summary?.averageRating ?? episode?.averageRating ?? 0;
  const total = summary?.totalRatings ?? episode?.totalRatings ?? 0;

  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3" data-testid="video-reactions" aria-busy={!episode || undefined}>
      <button
        type="button"
        aria-pressed={isLiked}
        disabled={liking}
        onClick={() => void dispatch(toggleLike({ videoId, movieSeriesId: titleId }))}
        className={clsx(
          'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors disabled:opacity-60',
          isLiked ? 'border-kilig-400/60 bg-kilig-600/20 text-kilig-200' : 'border-white/15 text-fg hover:bg-white/10',
        )}
      >
        {isLiked ? <HeartIcon size={18} className="text-kilig-400" /> : <HeartOutlineIcon size={18} />}
        {isLiked ? t('liked') : t('like')}
        <span className="font-normal text-fg-muted" data-testid="like-count">
          {formatNumber(likes, locale)}
        </span>
      </button>

      <div className="flex flex-wrap items-center gap-3">
        <div role="group" aria-label={t('rate', { subject })} className="flex items-center">
          {STARS.map((n) => (
            <button
              key={n}
              type="button"
              aria-label={t('stars', { count: n })}
              aria-pressed={userRating === n}
              onClick={() => void dispatch(rateVideo({ videoId, rating: n }))}
              className="rounded p-0.5 text-gold-300 transition-transform hover:scale-110 motion-reduce:hover:scale-100"
            >
              <StarIcon size={24} filled={userRating !== null && n <= userRating} />
            </button>
          ))}
        </div>
        <p className="text-sm text-fg-muted" data-testid="rating-summary">
          {total > 0 ? (
            <>
              <span className="font-semibold text-fg">{formatFixed(average, 1, locale)}</span> · {t('ratings', { count: total })}
            </>
          ) : (
            t('noRatings')
          )}
          {userRating !== null ? <span className="sr-only">{t('yourRating', { rating: userRating })}</span> : null}
        </p>
        {userRating !== null ? (
          <button
            type="button"
            onClick={() => void dispatch(removeVideoRating({ videoId }))}
            className="text-sm font-medium text-fg-subtle underline-offset-2 hover:text-fg hover:underline"
          >
            {t('remove')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
