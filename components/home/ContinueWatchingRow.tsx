'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { continueWatching, continueWatchingHref } from '@/lib/watch-history';
import { libraryHref } from '@/lib/routes';
import { historyEpisodeLabel } from '@/components/catalog/labels';
import { useWatchHistory } from '@/components/library/use-watch-history';
import { ChevronRightIcon, FilmIcon, PlayIcon } from '@/components/ui/icons';

/**
 * 'Continue watching' on home: the unfinished titles of this device's watch history (local storage, never a call),
 * most recent first, each resuming its episode where it stopped. Nothing on the server render: history is per device.
 */
export function ContinueWatchingRow() {
  const headingId = useId();
  const t = useTranslations('home.continue');
  const tc = useTranslations('common');
  const entries = continueWatching(useWatchHistory());
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="continue-watching">
      <div className="flex items-end justify-between gap-4 px-4 md:px-8">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight text-fg md:text-xl">
          {t('title')}
        </h2>
        <Link href={libraryHref('history')} className="inline-flex items-center gap-0.5 text-sm font-medium text-kilig-300 hover:text-kilig-200">
          {t('history')}
          <ChevronRightIcon size={16} />
        </Link>
      </div>
      <ul className="row-scroller auto-cols-[8.25rem] gap-3 px-4 pb-3 pt-1 sm:auto-cols-[9.5rem] md:auto-cols-[11rem] md:gap-4 md:px-8 xl:auto-cols-[12rem]">
        {entries.map((entry) => (
          <li key={entry._id}>
            <Link href={continueWatchingHref(entry)} className="group block rounded-xl">
              <div className="relative aspect-[9/16] overflow-hidden rounded-xl bg-ink-800 shadow-card ring-1 ring-white/5 transition duration-300 group-hover:ring-kilig-400/40">
                <FilmIcon size={36} className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 text-white/15" />
                {entry.thumbnail ? (
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={entry.thumbnail} alt="" width={270} height={480} loading="lazy" className="relative size-full object-cover text-transparent" />
                ) : null}
                <span className="absolute inset-0 flex items-center justify-center bg-black/30 opacity-0 transition-opacity group-hover:opacity-100">
                  <PlayIcon size={30} className="text-white" />
                </span>
                <span className="absolute inset-x-0 bottom-0 h-1 bg-white/15" aria-hidden>
                  <span className="block h-full bg-kilig-400" style={{ width: `${Math.round(entry.progress)}%` }} />
                </span>
              </div>
              <h3 className="mt-2 line-clamp-1 text-sm font-medium text-fg group-hover:text-kilig-200">{entry.name}</h3>
              <p className="text-xs text-fg-subtle">{historyEpisodeLabel(tc, entry)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
