'use client';

import { useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { readRaw, STORAGE_KEYS } from '@/lib/storage';
import { episodeHref, genresHref, movieHref } from '@/lib/routes';
import { historyHref } from '@/lib/watch-history';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectSessionStatus } from '@/store/auth/selectors';
import { fetchMyList } from '@/store/movies/thunks';
import { selectMyList } from '@/store/movies/selectors';
import { loginDialogOpened } from '@/store/ui/slice';
import { MyListButton } from '@/components/catalog/MyListButton';
import { episodeCountLabel, historyEpisodeLabel, typeLabel } from '@/components/catalog/labels';
import { EmptyState } from '@/components/ui/EmptyState';
import { PosterGridSkeleton } from '@/components/ui/Skeletons';
import { ClockIcon, FilmIcon, InfoIcon, ListIcon, PlayIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { useMyListSync } from './use-my-list';
import { useWatchHistory } from './use-watch-history';

const noSubscribe = () => () => undefined;
/** Whether this browser holds a login (null on the server): decides between 'Log in' and a skeleton before the
 * session is restored, so a logged-in viewer never sees the guest prompt flash. */
function useStoredLogin(): boolean | null {
  return useSyncExternalStore(noSubscribe, () => readRaw(STORAGE_KEYS.isAuth) === 'true', () => null);
}

const gridClass = 'grid grid-cols-2 gap-x-3 gap-y-6 min-[480px]:grid-cols-3 md:grid-cols-4 md:gap-x-4 lg:grid-cols-5 xl:grid-cols-6';

function Thumb({ src, progress }: { src: string; progress?: number }) {
  return (
    <div className="relative aspect-[9/16] overflow-hidden rounded-xl bg-ink-800 shadow-card ring-1 ring-white/5 transition duration-300 group-hover:ring-kilig-400/40">
      <FilmIcon size={36} className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 text-white/15" />
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={src} alt="" width={270} height={480} loading="lazy" className="relative size-full object-cover text-transparent" />
      ) : null}
      <span className="absolute inset-0 flex items-center justify-center bg-black/30 opacity-0 transition-opacity group-hover:opacity-100">
        <PlayIcon size={30} className="text-white" />
      </span>
      {progress !== undefined ? (
        <span className="absolute inset-x-0 bottom-0 h-1 bg-white/15" aria-hidden>
          <span className="block h-full bg-kilig-400" style={{ width: `${Math.round(progress)}%` }} />
        </span>
      ) : null}
    </div>
  );
}

/**
 * My List (getAllVideosAddedToMyListByUser): personal, so it is filled in on the client. Each entry opens the title's
 * episode 0 (spec §2); the list follows every add and remove made anywhere on the site.
 */
export function MyListPanel() {
  useMyListSync();
  const t = useTranslations('library.list');
  const tc = useTranslations('common');
  const dispatch = useAppDispatch();
  const isGuest = useAppSelector(selectIsGuest);
  const sessionStatus = useAppSelector(selectSessionStatus);
  const list = useAppSelector(selectMyList);
  const storedLogin = useStoredLogin();
  const sessionKnown = sessionStatus === 'succeeded' || sessionStatus === 'failed';

  if (isGuest && (sessionKnown || storedLogin === false)) {
    return (
      <EmptyState
        title={t('guestTitle')}
        icon={<ListIcon size={26} />}
        action={
          <button type="button" className={buttonClass('primary', 'sm')} onClick={() => dispatch(loginDialogOpened())}>
            {t('logIn')}
          </button>
        }
      >
        {t('guestBody')}
      </EmptyState>
    );
  }
  if (list.status === 'failed' && list.entries.length === 0) {
    return (
      <EmptyState
        title={t('failedTitle')}
        icon={<InfoIcon size={26} />}
        action={
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void dispatch(fetchMyList({ force: true }))}>
            {t('retry')}
          </button>
        }
      >
        {t('failedBody')}
      </EmptyState>
    );
  }
  if (list.status !== 'succeeded' && list.entries.length === 0) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">{t('loading')}</span>
        <PosterGridSkeleton count={6} />
      </div>
    );
  }
  if (list.entries.length === 0) {
    return (
      <EmptyState
        title={t('emptyTitle')}
        icon={<ListIcon size={26} />}
        action={
          <Link href={genresHref()} className={buttonClass('primary', 'sm')}>
            {t('find')}
          </Link>
        }
      >
        {t('emptyBody')}
      </EmptyState>
    );
  }
  return (
    <>
      <p className="mb-5 text-sm text-fg-muted">{t('count', { count: list.entries.length })}</p>
      <ul className={gridClass} data-testid="my-list">
        {list.entries.map(({ movieSeries: item }) => (
          <li key={item._id} className="relative">
            <Link href={episodeHref(item, 0)} className="group block rounded-xl">
              <Thumb src={item.thumbnail} />
              <h2 className="mt-2 line-clamp-2 text-sm font-medium leading-snug text-fg group-hover:text-kilig-200">{item.name}</h2>
            </Link>
            <p className="mt-0.5 text-xs text-fg-subtle">
              {typeLabel(tc, item.type)} · {episodeCountLabel(tc, item.totalEpisodes)} ·{' '}
              <Link href={movieHref(item)} className="underline-offset-2 hover:text-fg hover:underline">
                {t('details')}
              </Link>
            </p>
            <MyListButton variant="icon" title={item} initialInList className="absolute right-2 top-2" />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * History: this device's watch history (local storage `watchHistory`, spec §2), most recent first; each entry resumes
 * at its last episode (currentEpisode, default 1).
 */
export function HistoryPanel() {
  const t = useTranslations('library.history');
  const tc = useTranslations('common');
  const history = useWatchHistory();
  if (history.length === 0) {
    return (
      <EmptyState
        title={t('emptyTitle')}
        icon={<ClockIcon size={26} />}
        action={
          <Link href={genresHref()} className={buttonClass('primary', 'sm')}>
            {t('start')}
          </Link>
        }
      >
        {t('emptyBody')}
      </EmptyState>
    );
  }
  return (
    <>
      <p className="mb-5 text-sm text-fg-muted">{t('count', { count: history.length })}</p>
      <ul className={gridClass} data-testid="watch-history">
        {history.map((entry) => (
          <li key={entry._id}>
            <Link href={historyHref(entry)} className="group block rounded-xl">
              <Thumb src={entry.thumbnail} progress={entry.progress} />
              <h2 className="mt-2 line-clamp-2 text-sm font-medium leading-snug text-fg group-hover:text-kilig-200">{entry.name}</h2>
              <p className="mt-0.5 text-xs text-fg-subtle">{historyEpisodeLabel(tc, entry)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
