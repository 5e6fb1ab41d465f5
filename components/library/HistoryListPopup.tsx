'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { HISTORY_POPUP_ENTRIES } from '@/lib/constants';
import { episodeHref, libraryHref } from '@/lib/routes';
import { historyHref } from '@/lib/watch-history';
import type { MyListEntry } from '@/lib/contracts/catalog';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest } from '@/store/auth/selectors';
import { selectMyListEntries, selectMyListStatus } from '@/store/movies/selectors';
import { loginDialogOpened } from '@/store/ui/slice';
import { episodeCountLabel, historyEpisodeLabel } from '@/components/catalog/labels';
import { FilmIcon, HistoryIcon } from '@/components/ui/icons';
import { useMyListSync } from './use-my-list';
import { useWatchHistory } from './use-watch-history';

const CLOSE_DELAY_MS = 200;

type Tab = 'history' | 'list';

/**
 * The history and my-list popup of the header (spec §2): on home and genre pages, wide screens only, opened by
 * hovering (or focusing, or clicking) its button. History: the 3 latest entries of this device's watch history, each
 * resuming at its episode, and 'More' → the library's history tab when there are more. My List: 3 entries, each
 * opening the title's episode 0.
 */
export function HistoryListPopup() {
  useMyListSync();
  const t = useTranslations('library');
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('history');
  const closeTimer = useRef<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const cancelClose = () => {
    if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const show = () => {
    cancelClose();
    setOpen(true);
  };
  const hideSoon = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);

  // A click outside closes it (touch screens wide enough to show it have no hover).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  return (
    <div
      ref={rootRef}
      className="relative hidden md:block"
      onMouseEnter={show}
      onMouseLeave={hideSoon}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('popup.label')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? setOpen(false) : show())}
        className={clsx(
          'inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-white/10 hover:text-fg',
          open ? 'bg-white/10 text-fg' : 'text-fg-muted',
        )}
      >
        <HistoryIcon />
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label={t('popup.label')}
          data-testid="history-popup"
          className="absolute right-0 top-full z-50 mt-2 w-80 overflow-hidden rounded-2xl border border-white/10 bg-ink-900/98 shadow-[0_24px_60px_-20px_rgb(0_0_0/0.9)] backdrop-blur"
        >
          <div role="tablist" aria-label={t('popup.show')} className="flex border-b border-white/5 px-2">
            {(
              [
                ['history', t('tabs.history')],
                ['list', t('tabs.list')],
              ] as const
            ).map(([id, label]) => (
              <button
                key={id}
                type="button"
                role="tab"
                aria-selected={tab === id}
                onClick={() => setTab(id)}
                className={clsx(
                  '-mb-px h-11 flex-1 border-b-2 text-sm font-semibold transition-colors',
                  tab === id ? 'border-kilig-400 text-fg' : 'border-transparent text-fg-muted hover:text-fg',
                )}
              >
                {label}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={tab === 'history' ? t('tabs.history') : t('tabs.list')} className="p-2">
            {tab === 'history' ? <HistoryTab onNavigate={() => setOpen(false)} /> : <ListTab onNavigate={() => setOpen(false)} />}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function HistoryTab({ onNavigate }: { onNavigate: () => void }) {
  const t = useTranslations('library.popup');
  const tc = useTranslations('common');
  const history = useWatchHistory();
  if (history.length === 0) return <Empty>{t('noHistory')}</Empty>;
  return (
    <>
      <ul>
        {history.slice(0, HISTORY_POPUP_ENTRIES).map((entry) => (
          <li key={entry._id}>
            <Row
              href={historyHref(entry)}
              image={entry.thumbnail}
              name={entry.name}
              detail={historyEpisodeLabel(tc, entry)}
              progress={entry.progress}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </ul>
      {history.length > HISTORY_POPUP_ENTRIES ? (
        <MoreLink href={libraryHref('history')} onNavigate={onNavigate}>
          {t('more')}
        </MoreLink>
      ) : null}
    </>
  );
}

function ListTab({ onNavigate }: { onNavigate: () => void }) {
  const t = useTranslations('library.popup');
  const tc = useTranslations('common');
  const dispatch = useAppDispatch();
  const isGuest = useAppSelector(selectIsGuest);
  const status = useAppSelector(selectMyListStatus);
  const entries = useAppSelector(selectMyListEntries);
  if (isGuest) {
    return (
      <Empty>
        {t('guest')}
        <button
          type="button"
          onClick={() => {
            onNavigate();
            dispatch(loginDialogOpened());
          }}
          className="mt-3 block font-semibold text-kilig-300 hover:text-kilig-200"
        >
          {t('logIn')}
        </button>
      </Empty>
    );
  }
  if (status !== 'succeeded' && entries.length === 0) return <Empty>{status === 'failed' ? t('listFailed') : t('loading')}</Empty>;
  if (entries.length === 0) return <Empty>{t('listEmpty')}</Empty>;
  return (
    <>
      <ul>
        {entries.slice(0, HISTORY_POPUP_ENTRIES).map((entry: MyListEntry) => (
          <li key={entry.movieSeries._id}>
            <Row
              href={episodeHref(entry.movieSeries, 0)}
              image={entry.movieSeries.thumbnail}
              name={entry.movieSeries.name}
              detail={episodeCountLabel(tc, entry.movieSeries.totalEpisodes)}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </ul>
      {entries.length > HISTORY_POPUP_ENTRIES ? (
        <MoreLink href={libraryHref()} onNavigate={onNavigate}>
          {t('more')}
        </MoreLink>
      ) : null}
    </>
  );
}

function Row({
  href,
  image,
  name,
  detail,
  progress,
  onNavigate,
}: {
  href: string;
  image: string;
  name: string;
  detail: string;
  progress?: number;
  onNavigate: () => void;
}) {
  return (
    <Link href={href} onClick={onNavigate} className="flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-white/5">
      <span className="relative aspect-[9/16] w-10 shrink-0 overflow-hidden rounded-md bg-ink-700">
        <FilmIcon size={16} className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 text-white/20" />
        {image ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={image} alt="" width={40} height={71} loading="lazy" className="relative size-full object-cover text-transparent" />
        ) : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-fg">{name}</span>
        <span className="mt-0.5 block text-xs text-fg-subtle">{detail}</span>
        {progress !== undefined ? (
          <span className="mt-1.5 block h-1 overflow-hidden rounded-full bg-white/10" aria-hidden>
            <span className="block h-full rounded-full bg-kilig-400" style={{ width: `${Math.round(progress)}%` }} />
          </span>
        ) : null}
      </span>
    </Link>
  );
}

function MoreLink({ href, onNavigate, children }: { href: string; onNavigate: () => void; children: string }) {
  return (
    <Link href={href} onClick={onNavigate} className="mt-1 block rounded-xl px-2 py-2.5 text-center text-sm font-semibold text-kilig-300 hover:bg-white/5 hover:text-kilig-200">
      {children}
    </Link>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <div className="px-3 py-6 text-center text-sm text-fg-muted">{children}</div>;
}
