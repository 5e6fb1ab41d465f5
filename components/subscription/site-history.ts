'use client';

import { useEffect } from 'react';
import { usePathname } from '@/i18n/navigation';

/**
 * Whether this tab has a page of ours to go back to (issue 22: `/subscription` opened from a shared link or in a new
 * tab must not close "back" out of the site). The browser does not say what the previous history entry is, so each
 * page of ours writes the tab's history length, in session storage (per tab, kept across page loads), as it shows:
 *
 * - the document started on another page of ours, and the viewer came here by a client navigation: yes;
 * - otherwise the page before this document was ours when the last length written is exactly one less than now (a
 *   page of ours, then this one typed or linked in the same tab); a reload keeps the length, a new tab has no record,
 *   and a visit elsewhere in between leaves a larger gap: no.
 */

const KEY = 'kilig.siteHistory';
/** The last length a document of ours wrote (`doc`: its time origin, unique per page load), and the one before it. */
type Entry = { doc: number; length: number };
type Record = { last: Entry | null; previous: Entry | null };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const isEntry = (e: unknown): e is Entry => typeof (e as Entry)?.doc === 'number' && typeof (e as Entry)?.length === 'number';

function read(): Record {
  try {
    const parsed = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<Record> | null;
    return { last: isEntry(parsed?.last) ? parsed.last : null, previous: isEntry(parsed?.previous) ? parsed.previous : null };
  } catch {
    return { last: null, previous: null };
  }
}

const thisDocument = () => performance.timeOrigin;

function documentPath(): string | null {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  try {
    return entry ? new URL(entry.name).pathname : null;
  } catch {
    return null;
  }
}

/** Every page of ours records itself (mounted once, in the layout's global dialogs). */
export function useSiteHistoryRecord(): void {
  const pathname = usePathname();
  useEffect(() => {
    const { last, previous } = read();
    const doc = thisDocument();
    const entry = { doc, length: window.history.length };
    storage()?.setItem(KEY, JSON.stringify({ last: entry, previous: last && last.doc !== doc ? last : previous }));
  }, [pathname]);
}

export function hasEarlierSitePage(): boolean {
  const started = documentPath();
  if (started !== null && started !== window.location.pathname) return true;
  const { last, previous } = read();
  const before = last && last.doc !== thisDocument() ? last : previous;
  return before !== null && before.length === window.history.length - 1;
}
