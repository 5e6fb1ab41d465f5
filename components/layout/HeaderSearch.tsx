'use client';

import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { usePathname } from '@/i18n/navigation';
import { createPortal } from 'react-dom';
import { genresHref, homeHref } from '@/lib/routes';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { searchPanelClosed, searchPanelOpened } from '@/store/ui/slice';
import { selectSearchPanelOpen } from '@/store/ui/selectors';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { SearchForm } from './SearchForm';
import controls from './HeaderControls.module.css';

/**
 * The history and my-list popup shows on home and genre pages (spec §2), next to the search: a chunk of its own, so
 * the other pages' first load does not carry it (rendered on the server where it shows, like the rest of the header).
 */
const HistoryListPopup = dynamic(() => import('@/components/library/HistoryListPopup').then((m) => m.HistoryListPopup));

const GENRES_PATH = genresHref().replace(/\/[^/]*$/, '');
export const showsHistoryPopup = (pathname: string) => pathname === homeHref() || pathname.startsWith(GENRES_PATH);

/**
 * Wide screens: an inline search box with its dropdown. Under 769 px: a button that opens a full-screen search
 * overlay (spec §2). The header hides this on dashboard and subscription pages.
 */
export function HeaderSearch() {
  const t = useTranslations('layout.search');
  const dispatch = useAppDispatch();
  const pathname = usePathname() ?? homeHref();
  const open = useAppSelector(selectSearchPanelOpen);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dispatch(searchPanelClosed());
    };
    window.addEventListener('keydown', onKey);
    // The page behind a full-screen overlay should not scroll.
    const previous = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.documentElement.style.overflow = previous;
    };
  }, [open, dispatch]);

  // Growing past 768 px with the overlay open leaves it closed (the inline box takes over).
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia('(min-width: 769px)');
    const onChange = () => wide.matches && dispatch(searchPanelClosed());
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open, dispatch]);

  return (
    <>
      <SearchForm className={controls.searchBox} />
      {showsHistoryPopup(pathname) ? <HistoryListPopup /> : null}
      <button
        type="button"
        className={controls.searchButton}
        aria-label={t('open')}
        aria-expanded={open}
        aria-controls="mobile-search"
        onClick={() => dispatch(searchPanelOpened())}
      >
        <SearchIcon />
      </button>
      {/* Portalled to <body>: the header's backdrop-filter would otherwise trap a fixed overlay inside the bar. */}
      {open
        ? createPortal(
            <div
              id="mobile-search"
              role="dialog"
              aria-modal="true"
              aria-label={t('dialog')}
              className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-ink-950/98 px-4 pb-6 pt-4 backdrop-blur md:hidden"
            >
              <div className="flex items-start gap-2">
                <SearchForm
                  autoFocus
                  size="lg"
                  dropdown="inline"
                  className="flex-1"
                  onSubmitted={() => dispatch(searchPanelClosed())}
                />
                <button
                  type="button"
                  className="inline-flex size-12 shrink-0 items-center justify-center rounded-full text-fg-muted hover:bg-white/10 hover:text-fg"
                  aria-label={t('close')}
                  onClick={() => dispatch(searchPanelClosed())}
                >
                  <CloseIcon />
                </button>
              </div>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
