'use client';

import { useState, useSyncExternalStore } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { usePathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { CloseIcon } from '@/components/ui/icons';
import { isHeaderHidden } from './chrome';
import { LanguageSwitch, showsLanguageSwitch } from './LanguageSwitch';

/** Set once the viewer closes the offer: it never comes back on this browser. */
export const OFFER_DISMISSED_KEY = 'languageOfferDismissed';

/** The offer's link, in the language it leads to. */
const VIEW_IN: Record<Locale, string> = { en: 'View in English', fil: 'Tingnan sa Filipino' };

/** The first of the browser's languages that the site has: Filipino for 'fil' and 'tl' (Tagalog), English for 'en'. */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'fil' || primary === 'tl') return 'fil';
    if (primary === 'en') return 'en';
  }
  return null;
}

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(OFFER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

const noSubscribe = () => () => undefined;
/** What the browser prefers, unless the offer was dismissed (null on the server and during hydration). */
const offerSnapshot = () => (readDismissed() ? null : preferredLocale(navigator.languages ?? [navigator.language]));
const serverSnapshot = () => null;

/**
 * The first visit offers, never redirects (issue 22): when the browser prefers the page's other language, a small
 * card links to this page in it ('Available in Filipino — Tingnan sa Filipino'). Nothing on the server reads
 * Accept-Language, so every URL stays one cacheable page in one language; crawlers see no offer.
 */
export function LanguageOffer() {
  const t = useTranslations('layout.language');
  const locale = useLocale();
  const pathname = usePathname();
  const preferred = useSyncExternalStore(noSubscribe, offerSnapshot, serverSnapshot);
  const [closed, setClosed] = useState(false);
  if (closed || preferred === null || preferred === locale) return null;
  if (isHeaderHidden(pathname) || !showsLanguageSwitch(pathname)) return null;

  function dismiss() {
    try {
      window.localStorage.setItem(OFFER_DISMISSED_KEY, '1');
    } catch {
      // Private mode: closed for this page only.
    }
    setClosed(true);
  }

  return (
    <aside
      aria-label={t('offerLabel')}
      data-testid="language-offer"
      className="fixed inset-x-3 bottom-3 z-40 flex items-center gap-3 rounded-2xl border border-white/10 bg-ink-900/95 py-2 pl-4 pr-2 text-sm shadow-[0_20px_50px_-15px_rgb(0_0_0/0.9)] backdrop-blur-md sm:left-auto sm:right-4 sm:max-w-sm"
    >
      <p className="min-w-0 flex-1 text-fg-muted">
        {t('available')}
        {' — '}
        <LanguageSwitch className="font-semibold text-kilig-300 underline-offset-2 hover:text-kilig-200 hover:underline">
          {(target) => VIEW_IN[target]}
        </LanguageSwitch>
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('dismiss')}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-fg-muted hover:bg-white/10 hover:text-fg"
      >
        <CloseIcon size={18} />
      </button>
    </aside>
  );
}
