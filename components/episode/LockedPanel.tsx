'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { LockIcon, PlayIcon } from '@/components/ui/icons';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { fetchPlayback } from '@/lib/api/playback';
import { episodeHref, subscriptionHref } from '@/lib/routes';
import type { Playback, PlaybackMedia } from '@/lib/contracts/playback';
import EpisodePlayer from '@/player/EpisodePlayer';
import type { EngineUrls } from '@/player/load-shaka';
import { DataUse } from './DataUse';
import { INERT_CLASS, inertProps, useHydrated } from './use-hydrated';

/** Spec §2's text (English; messages/<locale>/episode.json `locked.message` is what pages show). */
export const LOCKED_MESSAGE = 'Episode Locked - This episode requires a subscription to watch';

/**
 * The ways to unlock (CoinOptions.tsx), in a chunk of their own: with them come the coin, premium and payment
 * parts of the store and their dialogs, which a free episode never needs. Locked pages rendered on the server carry
 * them in the HTML and load the chunk before hydrating; a step into a locked episode fetches it then.
 */
export const CoinOptions = dynamic(() => import('./CoinOptions').then((m) => m.CoinOptions));

/**
 * A locked episode (spec §2): no player is initialised and none of its media reach the page. Subscribe Now is a full
 * page navigation to /subscription (carrying this episode as `returnTo`); the title's trailer, when there is one, plays here in the trailer layout (its
 * media are fetched on demand, so the locked page itself carries no manifest at all). Coins unlock it here too;
 * `onUnlocked` has the episode view load the viewer's answer again, so the episode plays without a reload.
 */
export function LockedPanel({
  playback,
  engine,
  isMobile,
  announce,
  onUnlocked = () => {},
}: {
  playback: Playback;
  engine: EngineUrls;
  isMobile: boolean | null;
  announce: (m: string) => void;
  onUnlocked?: () => void;
}) {
  const t = useTranslations('episode.locked');
  const locale = useLocale();
  const hydrated = useHydrated();
  const [trailer, setTrailer] = useState<PlaybackMedia | null>(null);
  const [trailerState, setTrailerState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const { title } = playback;
  // After paying, the return page offers this episode again ('Start watching'); both in the page's language.
  const subscribeHref = subscribeHrefFor(playback, locale);
  const message = t('message');

  const watchTrailer = useCallback(() => {
    setTrailerState('loading');
    fetchPlayback(title._id, 0)
      .then((p) => {
        if (!p.media) throw new Error('trailer has no media');
        setTrailer(p.media);
        setTrailerState('idle');
        announce(t('playingTrailer'));
      })
      .catch((err: unknown) => {
        console.warn('trailer failed', err);
        setTrailerState('failed');
      });
  }, [title._id, announce, t]);

  if (trailer) {
    return (
      <div className="mx-auto w-full max-w-[400px] space-y-3" data-testid="episode-locked" data-video-id={playback.episode._id}>
        <div data-testid="trailer-layout">
          <EpisodePlayer
            media={trailer}
            engine={engine}
            variant="trailer"
            isMobile={isMobile}
            label={t('trailerLabel', { title: title.name })}
            info={{ heading: t('trailer'), subheading: title.name, description: '' }}
            preload={null}
            startTime={null}
            userId={null}
            history={null}
            announce={announce}
            testId="trailer-video"
          />
        </div>
        <p className="text-center text-sm text-white/75">{message}</p>
        <a href={subscribeHref} className="flex h-11 items-center justify-center rounded-full bg-kilig-600 px-6 text-sm font-semibold text-white hover:bg-kilig-500">
          {t('subscribeNow')}
        </a>
        <CoinOptions playback={playback} onUnlocked={onUnlocked} />
      </div>
    );
  }

  return (
    // No overflow clipping on the panel itself: an aspect-ratio box then grows to fit the coin options on short phones.
    <div
      className="relative isolate flex aspect-[9/16] w-full flex-col items-center justify-center gap-4 rounded-2xl bg-gradient-to-b from-ink-800 to-black p-6 text-center"
      data-testid="episode-locked"
      data-video-id={playback.episode._id}
    >
      {playback.posterUrl && (
        <span aria-hidden className="absolute inset-0 -z-10 overflow-hidden rounded-2xl">
          {/* eslint-disable-next-line @next/next/no-img-element -- a blurred backdrop of the title's own art */}
          <img src={playback.posterUrl} alt="" className="h-full w-full scale-110 object-cover opacity-25 blur-md" />
        </span>
      )}
      <span className="relative grid size-16 place-items-center rounded-full bg-black/50 text-kilig-300">
        <LockIcon size={30} />
      </span>
      <p className="relative text-lg font-semibold">{message}</p>
      {/* A full page navigation, as the spec asks, so the subscription page starts fresh. */}
      <a href={subscribeHref} className="relative inline-flex h-11 items-center rounded-full bg-kilig-600 px-6 text-sm font-semibold text-white shadow-glow hover:bg-kilig-500">
        {t('subscribeNow')}
      </a>
      {/* The coin and purchase buttons (not ours to mark aria-disabled) are inert until hydrated, like ours. */}
      <div className={`contents ${hydrated ? '' : '[&>*]:opacity-40'}`} inert={!hydrated} data-testid="coin-options">
        <CoinOptions playback={playback} onUnlocked={onUnlocked} />
      </div>
      <DataUse playback={playback} className="relative text-white/70" />
      {playback.trailer && (
        <button
          type="button"
          onClick={hydrated ? watchTrailer : undefined}
          disabled={trailerState === 'loading'}
          {...inertProps(hydrated)}
          className={`relative inline-flex h-10 items-center gap-2 rounded-full border border-white/20 bg-white/10 px-5 text-sm font-semibold hover:bg-white/20 disabled:opacity-60 ${INERT_CLASS}`}
        >
          <PlayIcon size={16} /> {trailerState === 'loading' ? t('loadingTrailer') : t('watchTrailer')}
        </button>
      )}
      {trailerState === 'failed' && (
        <p className="relative text-sm text-kilig-200" role="alert">
          {t('trailerFailed')}
        </p>
      )}
    </div>
  );
}

/** Subscribe Now's address: /subscription carrying the episode as `returnTo`, both in the page's language. */
export function subscribeHrefFor(p: { title: Playback['title']; episode: { episodeNumber: number } }, locale: Locale): string {
  const back = getPathname({ href: episodeHref(p.title, p.episode.episodeNumber), locale });
  return getPathname({ href: subscriptionHref(back), locale });
}
