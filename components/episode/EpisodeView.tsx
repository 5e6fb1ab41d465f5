'use client';

import clsx from 'clsx';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { getPathname, Link } from '@/i18n/navigation';
import { isApiError } from '@/lib/api/errors';
import { fetchPlayback } from '@/lib/api/playback';
import { episodeHref, movieHref } from '@/lib/routes';
import type { Playback, PlaybackStep } from '@/lib/contracts/playback';
import { CONTINUE_PARAM, readWatchHistory, resumePosition } from '@/lib/watch-history';
import { STEP_REFRESH_DELAY_MS } from '@/player/constants';
import type { EpisodeInfo } from '@/player/controls/InfoOverlay';
import EpisodePlayer, { type PlayerController } from '@/player/EpisodePlayer';
import type { EngineUrls } from '@/player/load-shaka';
import { PlaybackErrorPanel } from '@/player/PlaybackErrorPanel';
import { useAnnouncer } from '@/player/use-announcer';
import { useIsMobile } from '@/player/use-is-mobile';
import { selectIsGuest } from '@/store/auth/selectors';
import { selectAutoUnlock as selectAutoUnlockSetting } from '@/store/coins/selectors';
import { useAppSelector } from '@/store/hooks';
import { DataUse } from './DataUse';
import { NextEpisodeCountdown, NextEpisodeLocked } from './EndCard';
import { EpisodeActions } from './EpisodeActions';
import { LockedPanel } from './LockedPanel';
import { useAutoUnlock } from './use-auto-unlock';
import { INERT_CLASS, inertProps, useHydrated } from './use-hydrated';
import { useVerticalSwipe } from './use-vertical-swipe';
import { useClientViewer } from './use-viewer';

type Props = {
  initial: Playback;
  /** The Shaka builds (lib/server/playback/engine.ts). */
  engine: EngineUrls;
};

/**
 * Next's search params in the browser; none in the server's render. The page is rendered once for every address (ISR:
 * app/[locale]/episodes/[slug]/page.tsx), and useSearchParams() there would make Next give up the page's HTML and render
 * it all in the browser. What the address asks (continue watching) is not in the HTML, so hydration still matches.
 */
const useClientSearchParams: () => Pick<URLSearchParams, 'get'> | null = typeof window === 'undefined' ? () => null : useSearchParams;

type Problem = { kind: 'not-found' | 'failed'; episodeNumber: number } | null;

type ViewWords = ReturnType<typeof useTranslations<'episode.view'>>;

export function episodeHeading(p: Pick<Playback, 'episode'>, t: ViewWords): string {
  const { episode } = p;
  if (episode.episodeNumber === 0) return t('trailer');
  return episode.title ?? t('episode', { number: episode.episodeNumber });
}

function subheading(p: Playback, t: ViewWords): string {
  if (p.isTrailer) return t('trailerOf', { title: p.title.name });
  const { episodeNumber: number, season } = p.episode;
  return season ? t('seasonEpisodeOf', { season: season.seasonNumber, number, total: p.totalEpisodes }) : t('episodeOf', { number, total: p.totalEpisodes });
}

/**
 * The playback answer for episode `n` reached from `from` by previous/next, built at once from the neighbour the
 * server already sent (its media when watchable), so the switch needs no round trip; the full answer follows.
 */
function stepTo(from: Playback, step: PlaybackStep, direction: 'previous' | 'next'): Playback {
  const n = step.episode.episodeNumber;
  const here: PlaybackStep = { episode: from.episode, media: from.media };
  return {
    ...from,
    episode: step.episode,
    isLocked: step.episode.isLocked,
    isTrailer: false,
    media: step.media,
    posterUrl: step.media?.posterUrl ?? from.title.thumbnail,
    previousEpisode: n - 1 >= 1 ? n - 1 : null,
    nextEpisode: n + 1 <= from.totalEpisodes ? n + 1 : null,
    previous: direction === 'next' ? here : null,
    next: direction === 'previous' ? here : null,
  };
}

/**
 * The episode page on the client. The server renders it for a guest; a signed-in viewer's own answer (locked or not,
 * with media only when watchable) comes from the playback API. Previous/next replace the URL and switch in place: the
 * same Shaka player loads the next episode, already preloaded.
 */
export default function EpisodeView({ initial, engine }: Props) {
  const t = useTranslations('episode.view');
  const locale = useLocale();
  const hydrated = useHydrated();
  const viewer = useClientViewer();
  const isMobile = useIsMobile();
  const searchParams = useClientSearchParams();
  const [playback, setPlayback] = useState(initial);
  /** `${token}:${episodeNumber}` the current `playback` was answered for ('' = the server's guest answer). */
  const [answeredFor, setAnsweredFor] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  /** The episode the viewer moved to by previous/next (auto-unlock acts only on those). */
  const [steppedTo, setSteppedTo] = useState<number | null>(null);
  const [message, announce] = useAnnouncer();
  const requestSeq = useRef(0);
  const playerRef = useRef<PlayerController>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    },
    [],
  );

  const { title } = playback;
  const n = playback.episode.episodeNumber;
  const viewerKey = viewer ? `${viewer.token}:${n}` : '';
  // A signed-in viewer of an episode the guest answer locks: wait for their own answer instead of flashing the lock.
  const awaitingViewer = viewer != null && playback.isLocked && answeredFor !== viewerKey && problem === null;

  const load = useCallback(
    (episodeNumber: number, forToken: string) => {
      const seq = ++requestSeq.current;
      fetchPlayback(title._id, episodeNumber)
        .then((p) => {
          if (seq !== requestSeq.current) return;
          setPlayback(p);
          setAnsweredFor(forToken ? `${forToken}:${episodeNumber}` : '');
          setProblem(null);
        })
        .catch((err: unknown) => {
          if (seq !== requestSeq.current) return;
          console.warn('episode data failed', err);
          setProblem({ kind: isApiError(err) && err.response?.status === 404 ? 'not-found' : 'failed', episodeNumber });
        });
    },
    [title._id],
  );

  // The signed-in viewer's own answer for the episode on screen.
  const token = viewer?.token ?? null;
  useEffect(() => {
    if (token) load(initial.episode.episodeNumber, token);
  }, [token, load, initial.episode.episodeNumber]);

  const goTo = useCallback(
    (episodeNumber: number, direction: 'previous' | 'next', justUnlocked = false, picked = false) => {
      if (episodeNumber < 1 || episodeNumber > playback.totalEpisodes) return;
      // Just unlocked (the end card's offer): what we have says locked; wait for the viewer's answer instead.
      const step = justUnlocked ? null : direction === 'next' ? playback.next : playback.previous;
      // A preloaded episode starts now, in this handler, not after the render below.
      const switched = step?.media && step.episode.episodeNumber === episodeNumber && !step.episode.isLocked ? playerRef.current?.switchTo(step.media) === true : false;
      const render = () => {
        // Spec §2: previous/next replace the route. In place, so the player (and its preload) stay. In the page's
        // language. With the render, not before the switch: the router's history hook is the click's longest part.
        window.history.replaceState(null, '', getPathname({ href: episodeHref(title, episodeNumber), locale }));
        if (step && step.episode.episodeNumber === episodeNumber) {
          setPlayback(stepTo(playback, step, direction));
        } else {
          setPlayback((p) => ({ ...p, episode: { ...p.episode, episodeNumber, title: null, description: '', isLocked: true }, isLocked: true, media: null, previous: null, next: null }));
          setAnsweredFor('loading');
        }
        setProblem(null);
        // Auto-unlock acts on a step to the next episode, never on a jump chosen in the picker (it would spend coins unasked).
        setSteppedTo(picked ? null : episodeNumber);
        announce(t('announceEpisode', { number: episodeNumber }));
      };
      // Switched: the page renders the new episode once its first frame is on screen, and in a transition (in slices
      // that leave the browser free), not in this event, where it would hold the frame back.
      if (switched) playerRef.current!.afterNextFrame(() => startTransition(render));
      else render();
      requestSeq.current += 1; // an answer still on its way for the episode we left must not come back
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
      if (step?.media && step.episode.episodeNumber === episodeNumber) {
        // Already playing from what we had: fetch the full answer (its neighbours, the next preload) once the switch
        // is done, so neither the request nor its re-render competes with the first frame.
        refreshTimer.current = setTimeout(() => load(episodeNumber, token ?? ''), STEP_REFRESH_DELAY_MS);
      } else {
        load(episodeNumber, token ?? '');
      }
    },
    [playback, title, load, token, announce, locale, t],
  );
  /** The episode picker's choice: a neighbour switches as previous/next do (preloaded), any other loads in place. */
  const pick = useCallback(
    (m: number) => {
      if (m !== playback.episode.episodeNumber) goTo(m, m > playback.episode.episodeNumber ? 'next' : 'previous', false, true);
    },
    [goTo, playback.episode.episodeNumber],
  );

  // Continue watching resumes the stored position of the episode it was opened on.
  const continueRequested = searchParams?.get(CONTINUE_PARAM) === '1';
  const resumeAt = useMemo(
    () => (continueRequested ? resumePosition(readWatchHistory(), initial.title._id, initial.episode.episodeNumber) : null),
    [continueRequested, initial.title._id, initial.episode.episodeNumber],
  );
  const startTime = n === initial.episode.episodeNumber ? resumeAt : null;

  // Coins unlocked the episode on screen (its panel, or auto-unlock): the viewer's own answer, now with media, plays it.
  const reload = useCallback(() => load(n, token ?? ''), [load, n, token]);
  useAutoUnlock({ playback, steppedTo, ready: viewer != null && !awaitingViewer && answeredFor !== 'loading' && problem === null, onUnlocked: reload });

  const hasPrevious = !playback.isTrailer && n - 1 >= 1;
  const hasNext = !playback.isTrailer && n + 1 <= playback.totalEpisodes;

  // Binge flow (issue 12): the episode that ended shows the end card — a countdown to the next episode, or its unlock
  // offer when it is locked (unless auto-unlock will unlock it on the way: then the countdown, as for Next).
  const [endedOn, setEndedOn] = useState<number | null>(null);
  const onEndedChange = useCallback((ended: boolean) => setEndedOn(ended ? n : null), [n]);
  const isGuest = useAppSelector(selectIsGuest);
  const autoUnlock = useAppSelector(selectAutoUnlockSetting);
  let endCard: ReactNode = null;
  if (endedOn === n && hasNext) {
    const step = playback.next?.episode.episodeNumber === n + 1 ? playback.next : null;
    const locked = step !== null && (step.episode.isLocked || !step.media);
    const autoUnlockCoins = locked && viewer && !isGuest && autoUnlock?.enabled === true && step.episode.coinPrice > 0 ? step.episode.coinPrice : null;
    const dismiss = () => {
      setEndedOn(null);
      announce(t('autoplayCancelled'));
    };
    endCard =
      locked && autoUnlockCoins === null ? (
        <NextEpisodeLocked next={step.episode} title={title} onUnlocked={() => goTo(n + 1, 'next', true)} onClose={dismiss} />
      ) : (
        <NextEpisodeCountdown
          key={n}
          next={step?.episode ?? { episodeNumber: n + 1, title: null }}
          autoUnlockCoins={autoUnlockCoins}
          onPlayNow={() => goTo(n + 1, 'next')}
          onCancel={dismiss}
        />
      );
  }

  // Touch screens: a vertical swipe on the video moves like the buttons (up: next, down: previous), ends included.
  const stageRef = useRef<HTMLDivElement>(null);
  const swipeable = isMobile === true && !playback.isTrailer;
  useVerticalSwipe(
    stageRef,
    (direction) => {
      if (direction === 'up' && hasNext) goTo(n + 1, 'next');
      else if (direction === 'down' && hasPrevious) goTo(n - 1, 'previous');
    },
    swipeable,
  );

  const heading = episodeHeading(playback, t);
  const info: EpisodeInfo = { heading, subheading: subheading(playback, t), description: playback.episode.description };
  const label = `${title.name} – ${heading}`;
  const loadingStep = answeredFor === 'loading';
  const userId = viewer?.userId ?? null;

  let stage: ReactNode;
  // Phones: the actions sit on the video as a rail when a player is on screen, else in a row under the heading.
  const playerShown = !problem && !awaitingViewer && !loadingStep && !playback.isLocked && playback.media !== null;
  if (problem) {
    stage = (
      <div className="relative aspect-[9/16] w-full overflow-hidden rounded-2xl bg-black">
        <PlaybackErrorPanel isMobile={isMobile === true} message={problem.kind === 'not-found' ? t('notFound') : undefined} />
        {problem.kind === 'not-found' ? (
          // No such episode of a title we know: its page lists the ones there are.
          <Link
            href={movieHref(title)}
            prefetch={false}
            className="absolute inset-x-0 bottom-8 z-40 mx-auto inline-flex h-10 w-fit items-center rounded-full bg-white/10 px-5 text-sm font-semibold text-white hover:bg-white/20"
          >
            {t('goToSeries')}
          </Link>
        ) : null}
      </div>
    );
  } else if (awaitingViewer || loadingStep) {
    stage = (
      <div className="grid aspect-[9/16] w-full place-items-center rounded-2xl bg-black text-sm text-white/80" role="status">
        {t('loadingVideo')}
      </div>
    );
  } else if (playback.isLocked || !playback.media) {
    stage = <LockedPanel playback={playback} engine={engine} isMobile={isMobile} announce={announce} onUnlocked={reload} />;
  } else {
    stage = (
      <EpisodePlayer
        media={playback.media}
        engine={engine}
        variant={playback.isTrailer ? 'trailer' : 'episode'}
        isMobile={isMobile}
        label={label}
        info={info}
        preload={playback.next?.media ?? null}
        startTime={startTime}
        userId={userId}
        history={{
          title: { _id: title._id, name: title.name, thumbnail: title.thumbnail },
          episodeNumber: n,
          totalEpisodes: playback.totalEpisodes,
          fromContinueWatching: continueRequested && n === initial.episode.episodeNumber,
        }}
        announce={announce}
        onEndedChange={onEndedChange}
        overlay={
          <>
            {playback.isTrailer ? null : <EpisodeActions playback={playback} layout="rail" onPick={pick} className="md:hidden" />}
            {endCard}
          </>
        }
        controller={playerRef}
      />
    );
  }

  return (
    <div className="min-h-dvh bg-black text-white" data-testid="episode-page" data-episode={n}>
      <p className="sr-only" role="status" aria-live="polite" data-testid="player-announcer">
        {message}
      </p>
      <div className={clsx('mx-auto flex w-full flex-col', playback.isTrailer ? 'max-w-3xl gap-4 px-4 py-4' : 'max-w-6xl gap-3 px-0 py-0 md:gap-4 md:px-4 md:py-4')}>
        <nav className="flex items-center justify-between gap-3 px-3 pt-3 text-sm md:px-0 md:pt-0" aria-label={t('navLabel')}>
          <Link href={movieHref(title)} prefetch={false} className="inline-flex min-h-10 items-center gap-1 rounded-full bg-white/10 px-4 py-2 font-medium hover:bg-white/20">
            <ChevronLeftIcon size={16} /> <span className="max-w-[50vw] truncate">{title.name}</span>
          </Link>
          <p className="text-white/70">{playback.isTrailer ? t('officialTrailer') : t('episodeOf', { number: n, total: playback.totalEpisodes })}</p>
        </nav>

        {playback.isTrailer ? (
          // Trailer layout (spec §2): at most 400 px wide, native controls, poster.
          <div className="mx-auto w-full max-w-[400px]" data-testid="trailer-layout">
            {stage}
          </div>
        ) : (
          <div className="flex items-center justify-center gap-4">
            <StepButton label={t('previous')} hydrated={hydrated} disabled={!hasPrevious} onClick={() => goTo(n - 1, 'previous')} className="max-md:hidden">
              <ChevronLeftIcon size={28} />
            </StepButton>
            <div
              ref={stageRef}
              // The video owns vertical drags on touch screens (swipes), as short-drama apps do; the page scrolls elsewhere.
              className={clsx('w-full md:w-auto md:max-w-[420px] md:flex-1 md:[max-width:min(420px,calc((100dvh-12rem)*9/16))]', swipeable && !playback.isLocked && playback.media && 'touch-none')}
              data-testid="episode-stage"
            >
              {stage}
            </div>
            {/* Wide screens: the actions beside the player, at its foot. */}
            <EpisodeActions playback={playback} layout="column" onPick={pick} className="mb-6 self-end max-md:hidden" />
            <StepButton label={t('next')} hydrated={hydrated} disabled={!hasNext} onClick={() => goTo(n + 1, 'next')} className="max-md:hidden">
              <ChevronRightIcon size={28} />
            </StepButton>
          </div>
        )}

        <section className={clsx('mx-auto w-full px-4 md:px-0', playback.isTrailer ? 'max-w-[400px]' : 'max-w-[420px]')}>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-xl font-bold">{heading}</h1>
              {playback.episode.season && !playback.isTrailer && (
                <p className="text-xs text-white/60">
                  {playback.episode.season.title
                    ? t('seasonTitled', { season: playback.episode.season.seasonNumber, title: playback.episode.season.title })
                    : t('season', { season: playback.episode.season.seasonNumber })}
                </p>
              )}
              {!playback.isTrailer && playerShown ? <DataUse playback={playback} className="mt-0.5" /> : null}
            </div>
            {!playback.isTrailer && (
              // Phones: previous/next under the video (the side buttons are for wide screens).
              <div className="flex gap-2 md:hidden">
                <StepButton label={t('previous')} hydrated={hydrated} disabled={!hasPrevious} onClick={() => goTo(n - 1, 'previous')} small>
                  <ChevronLeftIcon size={20} />
                </StepButton>
                <StepButton label={t('next')} hydrated={hydrated} disabled={!hasNext} onClick={() => goTo(n + 1, 'next')} small>
                  <ChevronRightIcon size={20} />
                </StepButton>
              </div>
            )}
          </div>
          {!playback.isTrailer && !playerShown ? <EpisodeActions playback={playback} layout="row" onPick={pick} className="mb-3 mt-3 md:hidden" /> : null}
          {playback.episode.description && <p className="mt-1 text-sm text-white/70">{playback.episode.description}</p>}
          {playback.isTrailer && playback.totalEpisodes > 0 && (
            <Link href={episodeHref(title, 1)} className="mt-3 inline-flex h-10 items-center rounded-full bg-kilig-600 px-5 text-sm font-semibold hover:bg-kilig-500">
              {t('watchEpisodeOne')}
            </Link>
          )}
        </section>
      </div>
    </div>
  );
}

type StepProps = { label: string; hydrated: boolean; disabled: boolean; onClick: () => void; children: ReactNode; className?: string; small?: boolean };

/** Previous / next. Until the page hydrates a click would be lost (issue 22): it shows as not ready (use-hydrated.ts). */
function StepButton({ label, hydrated, disabled, onClick, children, className, small }: StepProps) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={hydrated ? onClick : undefined}
      {...inertProps(hydrated)}
      className={clsx(
        'grid shrink-0 place-items-center rounded-full bg-white/10 text-white transition hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-white/10',
        INERT_CLASS,
        small ? 'size-10' : 'size-14',
        className,
      )}
    >
      {children}
    </button>
  );
}
