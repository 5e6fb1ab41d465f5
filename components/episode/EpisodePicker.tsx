'use client';

import clsx from 'clsx';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { CheckIcon, CloseIcon, LockIcon } from '@/components/ui/icons';
import { getPathname } from '@/i18n/navigation';
import { episodeHref } from '@/lib/routes';
import type { Playback } from '@/lib/contracts/playback';
import { useAppSelector } from '@/store/hooks';
import { selectTitleEpisodes } from '@/store/movies/selectors';

export type EpisodeState = 'free' | 'locked' | 'unlocked';

/** What the viewer's episode list says of one episode: free, locked for them, or paid and theirs; null when not known yet. */
export function episodeState(e: { isPremium: boolean; isLocked: boolean } | undefined): EpisodeState | null {
  if (!e) return null;
  if (e.isLocked) return 'locked';
  return e.isPremium ? 'unlocked' : 'free';
}

/**
 * The episode picker (issue 22: as short-drama apps have it): every episode of the series as a tile with its state
 * for this viewer (free, locked, unlocked), the one on screen highlighted. A choice switches the episode in place, as
 * previous/next do; each tile is also a real link (a new tab, a long press). A modal <dialog> in <body>: it shows
 * over a fullscreen player (the top layer), keeps focus inside, and Escape closes it.
 */
export function EpisodePicker({
  playback,
  onPick,
  onClose,
}: {
  playback: Pick<Playback, 'title' | 'episode' | 'totalEpisodes' | 'isLocked'>;
  onPick: (episodeNumber: number) => void;
  onClose: () => void;
}) {
  const t = useTranslations('episode.picker');
  const locale = useLocale();
  const { title, episode, totalEpisodes } = playback;
  const current = episode.episodeNumber;
  const known = useAppSelector((s) => selectTitleEpisodes(s, title._id))?.items;
  const byNumber = new Map((known ?? []).filter((e) => e.episodeNumber > 0).map((e) => [e.episodeNumber, e]));
  const numbers = Array.from({ length: totalEpisodes }, (_, i) => i + 1);

  const dialog = useRef<HTMLDialogElement>(null);
  const currentTile = useRef<HTMLAnchorElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (typeof el.showModal === 'function') el.showModal();
    else el.setAttribute('open', '');
    currentTile.current?.focus({ preventScroll: false });
    const closed = () => onCloseRef.current();
    el.addEventListener('close', closed);
    return () => {
      el.removeEventListener('close', closed);
      if (el.open && typeof el.close === 'function') el.close();
    };
  }, []);
  const headingId = useId();
  const descriptionId = useId();

  const choose = (n: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window keeps the link's own behaviour.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (n === current) onCloseRef.current();
    else onPick(n);
  };

  if (typeof document === 'undefined') return null;
  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      aria-describedby={descriptionId}
      data-testid="episode-picker"
      className={clsx(
        'fixed m-0 flex max-h-[75dvh] w-full max-w-none flex-col overflow-hidden rounded-t-3xl border border-white/10 bg-ink-900 p-0 text-white shadow-2xl backdrop:bg-black/60',
        'inset-x-0 bottom-0 top-auto md:inset-auto md:top-1/2 md:left-1/2 md:max-h-[80dvh] md:w-[min(520px,calc(100%-2rem))] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-3xl',
        '[&:not([open])]:hidden',
      )}
      // Keys here belong to the list, not to the player's shortcuts (arrows skip, k plays) on the window.
      onKeyDown={(e) => e.stopPropagation()}
      // A click on the backdrop (outside the panel's box) closes, as the site's other dialogs do.
      onClick={(e) => {
        if (e.target !== e.currentTarget) return;
        const r = e.currentTarget.getBoundingClientRect();
        if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) onCloseRef.current();
      }}
    >
      <div className="flex items-start gap-3 px-5 pb-2 pt-5">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-display text-xl font-bold tracking-tight">
            {t('title')}
          </h2>
          <p id={descriptionId} className="mt-0.5 truncate text-sm text-white/65">
            {t('description', { title: title.name, total: totalEpisodes })}
          </p>
        </div>
        <button
          type="button"
          aria-label={t('close')}
          onClick={() => onCloseRef.current()}
          className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white/70 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <CloseIcon size={20} />
        </button>
      </div>
      <ul className="flex gap-4 px-5 pb-2 text-xs text-white/60" aria-hidden>
        <li className="inline-flex items-center gap-1">
          <LockIcon size={12} /> {t('locked')}
        </li>
        <li className="inline-flex items-center gap-1">
          <CheckIcon size={12} /> {t('unlocked')}
        </li>
        <li className="inline-flex items-center gap-1">
          <span className="size-2 rounded-full bg-emerald-400" /> {t('free')}
        </li>
      </ul>
      <ol aria-label={t('listLabel', { title: title.name })} className="grid min-h-0 grid-cols-5 gap-2 overflow-y-auto overscroll-contain px-5 pb-6 pt-2 sm:grid-cols-6">
        {numbers.map((n) => {
          const isCurrent = n === current;
          const state = isCurrent && playback.isLocked ? 'locked' : episodeState(byNumber.get(n));
          return (
            <li key={n}>
              <a
                ref={isCurrent ? currentTile : undefined}
                href={getPathname({ href: episodeHref(title, n), locale })}
                onClick={choose(n)}
                aria-current={isCurrent ? 'true' : undefined}
                data-episode={n}
                data-state={state ?? undefined}
                className={clsx(
                  'relative grid h-12 place-items-center rounded-xl text-base font-semibold tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
                  isCurrent ? 'bg-kilig-600 text-white ring-2 ring-kilig-300' : 'bg-white/10 hover:bg-white/20',
                  state === 'locked' && !isCurrent && 'text-white/60',
                )}
              >
                {/* One name, read as a whole ('Episode 4, Locked'); the tile shows its number and a mark. */}
                <span className="sr-only">{[`${t('episodeWord')} ${n}`, state ? t(state) : null, isCurrent ? t('playing') : null].filter(Boolean).join(', ')}</span>
                <span aria-hidden>{n}</span>
                <StateMark state={state} />
              </a>
            </li>
          );
        })}
      </ol>
    </dialog>,
    document.body,
  );
}

function StateMark({ state }: { state: EpisodeState | null }) {
  if (state === 'locked') return <LockIcon size={12} className="absolute right-1.5 top-1.5 opacity-80" />;
  if (state === 'unlocked') return <CheckIcon size={12} className="absolute right-1.5 top-1.5 text-kilig-200" />;
  if (state === 'free') return <span aria-hidden className="absolute right-2 top-2 size-1.5 rounded-full bg-emerald-400" />;
  return null;
}
