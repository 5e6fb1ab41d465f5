'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { LockIcon } from '@/components/ui/icons';
import type { Playback, PlaybackEpisode } from '@/lib/contracts/playback';
import { END_CARD_COUNTDOWN_S } from '@/player/constants';
import { CoinOptions, subscribeHrefFor } from './LockedPanel';

const card =
  'absolute inset-0 z-40 flex flex-col items-center justify-center gap-3 bg-black/80 p-6 text-center text-white backdrop-blur-sm';
const primary =
  'inline-flex h-11 items-center rounded-full bg-kilig-600 px-6 text-sm font-semibold text-white hover:bg-kilig-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
const secondary =
  'inline-flex h-11 items-center rounded-full border border-white/25 bg-white/10 px-6 text-sm font-semibold hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** 'Episode 3' / 'Episode 3: Ang Alok' in the page's language. */
function useEpisodeName(e: Pick<PlaybackEpisode, 'episodeNumber' | 'title'>): string {
  const t = useTranslations('episode');
  return e.title ? t('endCard.episodeTitled', { number: e.episodeNumber, title: e.title }) : t('view.episode', { number: e.episodeNumber });
}

/** Focus moves into the card only when it was nowhere in particular, or in the player: never away from other work. */
function useFocusOnShow(container: RefObject<HTMLElement | null>, target: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const active = document.activeElement;
    const player = container.current?.closest('[data-testid="episode-player"]');
    if (!active || active === document.body || (player && player.contains(active))) target.current?.focus({ preventScroll: true });
  }, [container, target]);
}

/**
 * The binge flow's end card (issue 12): the episode ended and the next one plays after a 5 s countdown, or at once
 * with 'Play now'; Cancel (or Escape) stays here. A live region says what will happen; the number itself is not read
 * out each second.
 */
export function NextEpisodeCountdown({
  next,
  autoUnlockCoins,
  onPlayNow,
  onCancel,
}: {
  next: Pick<PlaybackEpisode, 'episodeNumber' | 'title'>;
  /** The next episode is locked and auto-unlock will unlock it for this many coins. */
  autoUnlockCoins: number | null;
  onPlayNow: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('episode.endCard');
  const name = useEpisodeName(next);
  const [left, setLeft] = useState(END_CARD_COUNTDOWN_S);
  const playNow = useRef(onPlayNow);
  useEffect(() => {
    playNow.current = onPlayNow;
  });
  useEffect(() => {
    if (left <= 0) return void playNow.current();
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useFocusOnShow(root, button);
  const headingId = useId();
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
    }
  };

  return (
    <div ref={root} className={card} role="group" aria-labelledby={headingId} data-testid="end-card" data-kind="countdown" onKeyDown={onKeyDown}>
      <p id={headingId} className="text-xs font-semibold uppercase tracking-wider text-kilig-300">
        {t('upNext')}
      </p>
      <p className="text-lg font-bold">{name}</p>
      <p className="sr-only" aria-live="polite" data-testid="end-card-status">
        {autoUnlockCoins !== null
          ? t('startsInAutoUnlock', { name, seconds: END_CARD_COUNTDOWN_S, coins: autoUnlockCoins })
          : t('startsIn', { name, seconds: END_CARD_COUNTDOWN_S })}
      </p>
      <p className="grid size-16 place-items-center rounded-full border-4 border-kilig-500 text-2xl font-bold tabular-nums" aria-hidden data-testid="end-card-countdown">
        {Math.max(0, left)}
      </p>
      {autoUnlockCoins !== null && <p className="text-sm text-white/75">{t('autoUnlock', { coins: autoUnlockCoins })}</p>}
      <div className="flex gap-3">
        <button ref={button} type="button" className={primary} onClick={onPlayNow}>
          {t('playNow')}
        </button>
        <button type="button" className={secondary} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}

/**
 * The end card when the next episode is locked: the unlock offer (issue 12) with the locked panel's pieces —
 * Subscribe Now (a full page navigation carrying the next episode as `returnTo`), coins, a premium purchase. Coins
 * unlock it here and it plays (`onUnlocked`).
 */
export function NextEpisodeLocked({
  next,
  title,
  onUnlocked,
  onClose,
}: {
  next: PlaybackEpisode;
  title: Playback['title'];
  onUnlocked: () => void;
  onClose: () => void;
}) {
  const t = useTranslations('episode');
  const locale = useLocale();
  const name = useEpisodeName(next);
  const root = useRef<HTMLDivElement>(null);
  const subscribe = useRef<HTMLAnchorElement>(null);
  useFocusOnShow(root, subscribe);
  const headingId = useId();
  return (
    <div
      ref={root}
      className={card}
      role="group"
      aria-labelledby={headingId}
      data-testid="end-card"
      data-kind="locked"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <span className="grid size-12 place-items-center rounded-full bg-black/50 text-kilig-300">
        <LockIcon size={24} />
      </span>
      <p id={headingId} className="text-xs font-semibold uppercase tracking-wider text-kilig-300">
        {t('endCard.upNext')}
      </p>
      <p className="text-lg font-bold">{name}</p>
      <p className="text-sm text-white/80" aria-live="polite" data-testid="end-card-status">
        {t('locked.message')}
      </p>
      <a ref={subscribe} href={subscribeHrefFor({ title, episode: next }, locale)} className={primary}>
        {t('locked.subscribeNow')}
      </a>
      <CoinOptions playback={{ episode: next, title }} onUnlocked={onUnlocked} compact />
      <button type="button" className={secondary} onClick={onClose}>
        {t('endCard.close')}
      </button>
    </div>
  );
}
