'use client';

import { useEffect, useId, useRef, useState, useTransition, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { usePathname, useRouter } from '@/i18n/navigation';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { movieHref, searchHref } from '@/lib/routes';
import { useAppDispatch, useAppSelector, useAppStore } from '@/store/hooks';
import { fetchSearchResults } from '@/store/search/thunks';
import { isSearchable, searchQueryChanged } from '@/store/search/slice';
import { selectSearchError, selectSearchQuery, selectSearchResults, selectSearchResultsFor, selectSearchStatus, selectSearchTotal } from '@/store/search/selectors';
import { optionId, statusText, type DropdownView } from '@/components/search/dropdown-view';
import { SearchIcon } from '@/components/ui/icons';

/** The dropdown's code loads when it first opens (focus or typing), not with every page (decision 0015). */
const SearchDropdown = dynamic(() => import('@/components/search/SearchDropdown').then((m) => m.SearchDropdown));

/**
 * The search box (spec §2 'Search', §4, §5). Typing shows a dropdown: a hint, then — above 2 characters, 500 ms after
 * the last key — 'Searching...', up to 8 results with the total, or 'No results found for "…"'. The query is trimmed;
 * submitting goes to the search page and an empty submit does nothing. Keyboard: ↓/↑ move through the results, Enter
 * opens the highlighted one (else submits), Escape closes the dropdown. Status changes are announced politely.
 *
 * `dropdown="floating"`: the header's box, the panel under it while focused. `"inline"`: the full-screen overlay's box,
 * the panel always shown under it. `suggestions={false}`: a plain form (the search page's own box).
 */
export function SearchForm({
  autoFocus,
  defaultValue,
  onSubmitted,
  className,
  size = 'md',
  suggestions = true,
  dropdown = 'floating',
  label,
}: {
  autoFocus?: boolean;
  defaultValue?: string;
  onSubmitted?: () => void;
  className?: string;
  size?: 'md' | 'lg';
  suggestions?: boolean;
  dropdown?: 'floating' | 'inline';
  /** The search landmark's name: a page with two search boxes names each differently. */
  label?: string;
}) {
  const t = useTranslations('layout.search');
  const tSearch = useTranslations('search');
  const router = useRouter();
  const pathname = usePathname();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const inputId = useId();
  const listboxId = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(defaultValue ?? '');
  const [typed, setTyped] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = text.trim();

  const storeQuery = useAppSelector(selectSearchQuery);
  const status = useAppSelector(selectSearchStatus);
  const results = useAppSelector(selectSearchResults);
  const total = useAppSelector(selectSearchTotal);
  const resultsFor = useAppSelector(selectSearchResultsFor);
  const error = useAppSelector(selectSearchError);

  const view: DropdownView = !isSearchable(query)
    ? { kind: 'hint' }
    : storeQuery !== query || resultsFor !== query || status === 'pending' || status === 'idle'
      ? { kind: 'searching' }
      : status === 'failed'
        ? { kind: 'error', query, message: error || t('failed') }
        : results.length === 0
          ? { kind: 'none', query }
          : { kind: 'results', query, results, total };
  const options = view.kind === 'results' ? view.results : [];
  const shown = suggestions && (dropdown === 'inline' || open);

  // 500 ms after the last change, search (only above 2 characters; the same text twice is not asked again).
  useEffect(() => {
    if (!suggestions || !typed || !isSearchable(query)) return;
    if (store.getState().search.resultsFor === query) return;
    let call: { abort: () => void } | null = null;
    const timer = window.setTimeout(() => {
      call = dispatch(fetchSearchResults(query));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      call?.abort();
    };
  }, [query, typed, suggestions, dispatch, store]);

  // A navigation closes the panel (state adjusted while rendering, React's pattern for "reset on prop change").
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setOpen(false);
    setActive(-1);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function chosen() {
    close();
    onSubmitted?.();
  }

  function onChange(value: string) {
    setText(value);
    setTyped(true);
    setActive(-1);
    if (suggestions) {
      setOpen(true);
      dispatch(searchQueryChanged(value));
    }
  }

  // The results page renders on the server (no loading skeleton: its first paint carries the results). Until it is
  // there the form says it is busy, and the header's search panel stays open with it, then closes.
  const [navigating, startNavigation] = useTransition();
  const submitted = useRef(false);
  useEffect(() => {
    if (navigating || !submitted.current) return;
    submitted.current = false;
    onSubmitted?.();
  }, [navigating, onSubmitted]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!query) return; // spec §5: an empty submit does nothing
    close();
    submitted.current = true;
    startNavigation(() => router.push(searchHref(query)));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (!suggestions) return;
    const n = options.length;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!shown) setOpen(true);
      else if (n > 0) setActive((i) => (i + 1) % n);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (n > 0) setActive((i) => (i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Enter' && shown && active >= 0 && active < n) {
      e.preventDefault();
      router.push(movieHref(options[active]));
      chosen();
    } else if (e.key === 'Escape' && dropdown === 'floating') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        close();
      } else if (text) {
        onChange('');
      }
    }
  }

  function onBlur(e: FocusEvent<HTMLFormElement>) {
    if (dropdown === 'floating' && !rootRef.current?.contains(e.relatedTarget as Node | null)) close();
  }

  const live = shown ? statusText(tSearch, view) : '';

  return (
    <form ref={rootRef} role="search" aria-label={label ?? t('landmark')} aria-busy={navigating} onSubmit={submit} onBlur={onBlur} className={clsx('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        {t('label')}
      </label>
      <div className="relative">
        {navigating ? (
          <span
            aria-hidden="true"
            data-testid="search-pending"
            className={clsx(
              'pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 animate-spin rounded-full border-2 border-white/25 border-t-white',
              size === 'lg' ? 'size-5' : 'size-4',
            )}
          />
        ) : (
          <SearchIcon
            size={size === 'lg' ? 20 : 17}
            className="pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-fg-subtle"
          />
        )}
        <input
          id={inputId}
          name="keyword"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          // The overlay opens because the user asked to search: moving focus there is expected.
          autoFocus={autoFocus}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onFocus={() => suggestions && setOpen(true)}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          {...(suggestions
            ? {
                role: 'combobox',
                'aria-expanded': shown,
                'aria-controls': listboxId,
                'aria-autocomplete': 'list' as const,
                'aria-activedescendant': shown && active >= 0 && active < options.length ? optionId(listboxId, active) : undefined,
              }
            : {})}
          className={clsx(
            'w-full rounded-full border border-white/10 bg-ink-800/80 pl-10 pr-4 text-fg placeholder:text-fg-subtle',
            'transition-colors hover:border-white/20 focus:border-kilig-400/70 focus:bg-ink-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-kilig-400/40',
            '[&::-webkit-search-cancel-button]:cursor-pointer',
            size === 'lg' ? 'h-12 text-base' : 'h-10 text-sm',
          )}
        />
      </div>
      {suggestions ? (
        <p role="status" aria-live="polite" className="sr-only">
          {live}
        </p>
      ) : null}
      {shown ? (
        <SearchDropdown
          view={view}
          listboxId={listboxId}
          activeIndex={active}
          onActiveChange={setActive}
          onChoose={chosen}
          floating={dropdown === 'floating'}
        />
      ) : null}
    </form>
  );
}
