'use client';

import clsx from 'clsx';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMyListSync } from '@/components/library/use-my-list';
import { ShareButton } from '@/components/movie/ShareButton';
import { CheckIcon, HeartIcon, HeartOutlineIcon, ListIcon } from '@/components/ui/icons';
import { getPathname } from '@/i18n/navigation';
import { formatNumber, truncate } from '@/lib/format';
import { episodeHref } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo';
import { readToken } from '@/lib/session';
import type { Playback } from '@/lib/contracts/playback';
import { selectSessionStatus, selectUser } from '@/store/auth/selectors';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsInMyList, selectIsLiking, selectIsTogglingList, selectViewerEpisode } from '@/store/movies/selectors';
import { fetchTitleEpisodes, toggleLike, toggleMyList } from '@/store/movies/thunks';
import { EpisodePicker } from './EpisodePicker';
import { INERT_CLASS, inertProps, useHydrated } from './use-hydrated';

/**
 * Where the actions sit: `rail` over the video on phones (a column on the right, as short-drama apps have it),
 * `column` beside the player on wide screens, `row` under the heading on phones when no player is on screen (a
 * locked episode).
 */
export type ActionsLayout = 'rail' | 'column' | 'row';

const LAYOUT: Record<ActionsLayout, string> = {
  rail: 'absolute bottom-24 right-2 z-20 flex flex-col items-center gap-3',
  column: 'flex flex-col items-center gap-4',
  row: 'flex items-start justify-around gap-2',
};

const BUTTON = clsx(
  'group/action flex min-w-14 flex-col items-center gap-1 rounded-xl text-[11px] font-semibold leading-tight text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
  INERT_CLASS,
);
const BUBBLE: Record<ActionsLayout, string> = {
  rail: 'bg-black/45 shadow-lg backdrop-blur-sm group-hover/action:bg-black/60',
  column: 'bg-white/10 group-hover/action:bg-white/20',
  row: 'bg-white/10 group-hover/action:bg-white/20',
};
/**
 * The movie page's ShareButton (one share for the site: native sheet, the spec's alert, copy link) drawn like the
 * other actions: each of its buttons' icon in the bubble, the label under it.
 */
const SHARE = clsx(
  '[&_button]:h-auto [&_button]:min-w-14 [&_button]:flex-col [&_button]:gap-1 [&_button]:rounded-xl [&_button]:px-0 [&_button]:text-[11px] [&_button]:leading-tight [&_button]:text-white [&_button]:hover:bg-transparent',
  '[&_button_svg]:size-11 [&_button_svg]:rounded-full [&_button_svg]:p-2.5 [&_button_svg]:transition-colors',
);
const SHARE_BUBBLE: Record<ActionsLayout, string> = {
  rail: '[&_button_svg]:bg-black/45 [&_button:hover_svg]:bg-black/60',
  column: '[&_button_svg]:bg-white/10 [&_button:hover_svg]:bg-white/20',
  row: '[&_button_svg]:bg-white/10 [&_button:hover_svg]:bg-white/20',
};

/**
 * The viewer's episodes of the title (locks, likes): at once for a guest (no stored login: the public answer is
 * theirs, and their anonymous sign-in waits for the page to go idle), else once the session is restored; again when
 * the viewer changes (the thunk skips a second load for the same viewer).
 */
export function useViewerEpisodes(titleId: string) {
  const dispatch = useAppDispatch();
  const sessionStatus = useAppSelector(selectSessionStatus);
  const userId = useAppSelector(selectUser)?._id ?? null;
  const settled = sessionStatus === 'succeeded' || sessionStatus === 'failed';
  useEffect(() => {
    if (settled || readToken() === null) void dispatch(fetchTitleEpisodes({ movieSeriesId: titleId }));
  }, [settled, userId, titleId, dispatch]);
}

/**
 * Like, My List, share and the episode picker inside the player (issue 22). Like and My List are the store's (the
 * same thunks as the movie page: a guest is asked to log in); share is the movie page's ShareButton with this
 * episode's address; Episodes opens the picker. Inert until the page has hydrated (use-hydrated.ts).
 */
export function EpisodeActions({
  playback,
  layout,
  onPick,
  className,
}: {
  playback: Pick<Playback, 'title' | 'episode' | 'totalEpisodes' | 'isLocked'>;
  layout: ActionsLayout;
  onPick: (episodeNumber: number) => void;
  className?: string;
}) {
  const t = useTranslations('episode');
  const locale = useLocale();
  const hydrated = useHydrated();
  const dispatch = useAppDispatch();
  const { title, episode } = playback;
  useMyListSync();
  useViewerEpisodes(title._id);

  const mine = useAppSelector((s) => selectViewerEpisode(s, title._id, episode._id));
  const liking = useAppSelector((s) => selectIsLiking(s, episode._id));
  const inList = useAppSelector((s) => selectIsInMyList(s, title._id));
  const listBusy = useAppSelector((s) => selectIsTogglingList(s, title._id));
  const isLiked = mine?.isLiked ?? false;

  const [picking, setPicking] = useState(false);
  const pickerButton = useRef<HTMLButtonElement>(null);

  const share = {
    title: `${title.name} – ${episode.title ?? t('view.episode', { number: episode.episodeNumber })}`,
    text: truncate(episode.description || title.name, 140),
    url: absoluteUrl(getPathname({ href: episodeHref(title, episode.episodeNumber), locale })),
  };
  const listTitle = { _id: title._id, name: title.name, thumbnail: title.thumbnail, type: title.type, totalEpisodes: playback.totalEpisodes };

  return (
    <div role="group" aria-label={t('actions.label')} className={clsx(LAYOUT[layout], className)} data-testid={`episode-actions-${layout}`}>
      <ActionButton
        layout={layout}
        hydrated={hydrated}
        pressed={isLiked}
        busy={liking}
        label={t('actions.like')}
        caption={mine ? formatNumber(mine.likes, locale) : t('actions.like')}
        icon={isLiked ? <HeartIcon size={24} className="text-kilig-400" /> : <HeartOutlineIcon size={24} />}
        onClick={() => void dispatch(toggleLike({ videoId: episode._id, movieSeriesId: title._id }))}
        testId="action-like"
      />
      <ActionButton
        layout={layout}
        hydrated={hydrated}
        pressed={inList}
        busy={listBusy}
        label={t('actions.myList')}
        icon={inList ? <CheckIcon size={24} className="text-kilig-300" /> : <ListIcon size={24} />}
        onClick={() => void dispatch(toggleMyList(listTitle))}
        testId="action-list"
      />
      {/*
        Its buttons (Share, and Copy link where there is no share sheet) are items of this group like the others. Not
        ready until hydrated, like the others: inert (its buttons are not ours to mark aria-disabled).
      */}
      <div className={clsx('contents', SHARE, SHARE_BUBBLE[layout], !hydrated && '[&_button]:opacity-40')} inert={!hydrated} data-testid="action-share">
        <ShareButton title={share.title} text={share.text} url={share.url} />
      </div>
      <ActionButton
        ref={pickerButton}
        layout={layout}
        hydrated={hydrated}
        label={t('actions.episodes')}
        icon={<GridIcon />}
        onClick={() => setPicking(true)}
        expanded={picking}
        testId="action-episodes"
      />
      {picking ? (
        <EpisodePicker
          playback={playback}
          onPick={(n) => {
            setPicking(false);
            onPick(n);
          }}
          onClose={() => {
            setPicking(false);
            pickerButton.current?.focus({ preventScroll: true });
          }}
        />
      ) : null}
    </div>
  );
}

function ActionButton({
  ref,
  layout,
  hydrated,
  label,
  caption,
  icon,
  pressed,
  busy,
  expanded,
  onClick,
  testId,
}: {
  ref?: React.Ref<HTMLButtonElement>;
  layout: ActionsLayout;
  hydrated: boolean;
  /** The accessible name; shown under the icon unless `caption` replaces it (a count: then the name is read before it). */
  label: string;
  caption?: string;
  icon: ReactNode;
  pressed?: boolean;
  busy?: boolean;
  /** A button that opens a dialog: whether it is open. */
  expanded?: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={BUTTON}
      aria-pressed={pressed}
      aria-busy={busy || undefined}
      aria-haspopup={expanded === undefined ? undefined : 'dialog'}
      aria-expanded={expanded}
      onClick={hydrated ? onClick : undefined}
      data-testid={testId}
      {...inertProps(hydrated)}
    >
      <span className={clsx('grid size-11 place-items-center rounded-full transition-colors', BUBBLE[layout], busy && 'opacity-70')}>{icon}</span>
      {caption !== undefined && caption !== label ? (
        <>
          <span className="sr-only">{label}</span> <span className="drop-shadow">{caption}</span>
        </>
      ) : (
        <span className="drop-shadow">{label}</span>
      )}
    </button>
  );
}

function GridIcon() {
  return (
    <svg width={24} height={24} viewBox="0 0 24 24" aria-hidden focusable={false} fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round">
      <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
      <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
      <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
      <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
    </svg>
  );
}
