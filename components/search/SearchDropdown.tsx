'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { ApiTitle } from '@/lib/contracts/catalog';
import { movieHref, searchHref } from '@/lib/routes';
import { useAppSelector } from '@/store/hooks';
import { selectIsInMyList } from '@/store/movies/selectors';
import { episodeCountLabel, typeLabel } from '@/components/catalog/labels';
import { CheckIcon, FilmIcon, SearchIcon } from '@/components/ui/icons';
import { PremiumBadge } from '@/components/ui/PremiumBadge';
import { optionId, statusText, type DropdownView } from './dropdown-view';

/**
 * The panel under the search box: a hint, 'Searching...', 'No results found for "…"', or up to 8 results (a listbox
 * the box drives with the arrow keys) with the total in the header and 'View all N results' when there are more.
 */
export function SearchDropdown({
  view,
  listboxId,
  activeIndex,
  onActiveChange,
  onChoose,
  floating,
}: {
  view: DropdownView;
  listboxId: string;
  activeIndex: number;
  onActiveChange: (index: number) => void;
  /** A result or 'View all' was chosen (the panel closes; the link navigates). */
  onChoose: () => void;
  /** Under the header box (absolute) rather than in the full-screen overlay. */
  floating: boolean;
}) {
  const t = useTranslations('search');
  return (
    <div
      data-testid="search-dropdown"
      className={clsx(
        'overflow-hidden text-left',
        floating
          ? 'absolute right-0 top-full z-50 mt-2 w-[min(26rem,calc(100vw-2rem))] rounded-2xl border border-white/10 bg-ink-900/98 shadow-[0_24px_60px_-20px_rgb(0_0_0/0.9)] backdrop-blur'
          : 'mt-4 rounded-2xl border border-white/5 bg-ink-900/60',
      )}
    >
      {view.kind === 'results' ? (
        <>
          <p className="flex items-center justify-between border-b border-white/5 px-4 py-2.5 text-xs font-semibold uppercase tracking-wider text-fg-subtle">
            <span>{t('heading')}</span>
            <span data-testid="search-total">{t('count', { count: view.total })}</span>
          </p>
          <div id={listboxId} role="listbox" aria-label={t('resultsFor', { query: view.query })} className={clsx('overflow-y-auto py-1', floating ? 'max-h-[min(60vh,28rem)]' : '')}>
            {view.results.map((title, i) => (
              <ResultOption
                key={title._id}
                id={optionId(listboxId, i)}
                title={title}
                active={i === activeIndex}
                onHover={() => onActiveChange(i)}
                onChoose={onChoose}
              />
            ))}
          </div>
          {view.total > view.results.length ? (
            <Link
              href={searchHref(view.query)}
              onClick={onChoose}
              className="block border-t border-white/5 px-4 py-3 text-center text-sm font-semibold text-kilig-300 hover:bg-white/5 hover:text-kilig-200"
            >
              {t('viewAll', { count: view.total })}
            </Link>
          ) : null}
        </>
      ) : (
        <p className="flex items-center gap-3 px-4 py-5 text-sm text-fg-muted">
          {view.kind === 'searching' ? (
            <span aria-hidden className="size-4 shrink-0 animate-spin rounded-full border-2 border-kilig-400 border-t-transparent motion-reduce:animate-none" />
          ) : (
            <SearchIcon size={18} className="shrink-0 text-fg-subtle" />
          )}
          <span>
            {view.kind === 'hint' ? t('empty') : statusText(t, view)}
          </span>
        </p>
      )}
    </div>
  );
}

function ResultOption({
  id,
  title,
  active,
  onHover,
  onChoose,
}: {
  id: string;
  title: ApiTitle;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  const t = useTranslations('search');
  const tc = useTranslations('common');
  const inList = useAppSelector((s) => selectIsInMyList(s, title._id, title.isAddedToList || title.isAddedList));
  return (
    <Link
      id={id}
      role="option"
      aria-selected={active}
      href={movieHref(title)}
      tabIndex={-1}
      onMouseMove={onHover}
      onClick={onChoose}
      className={clsx('flex items-center gap-3 px-3 py-2 transition-colors', active ? 'bg-white/10' : 'hover:bg-white/5')}
    >
      <span className="relative aspect-[9/16] w-10 shrink-0 overflow-hidden rounded-md bg-ink-700">
        <FilmIcon size={16} className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 text-white/20" />
        {title.thumbnail ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={title.thumbnail} alt="" width={40} height={71} loading="lazy" className="relative size-full object-cover text-transparent" />
        ) : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-fg">{title.name}</span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-subtle">
          <span>{typeLabel(tc, title.type)}</span>
          <span aria-hidden>·</span>
          <span>{episodeCountLabel(tc, title.totalEpisodes)}</span>
          {title.isPremium ? <PremiumBadge /> : null}
        </span>
      </span>
      {inList ? (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-kilig-600/20 px-2 py-0.5 text-[11px] font-semibold text-kilig-200">
          <CheckIcon size={12} /> {t('inList')}
        </span>
      ) : null}
    </Link>
  );
}
