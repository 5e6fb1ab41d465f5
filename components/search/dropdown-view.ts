import type { useTranslations } from 'next-intl';
import type { ApiTitle } from '@/lib/contracts/catalog';

/**
 * What the search box's dropdown shows, and what a screen reader hears of it: the box (components/layout/SearchForm.tsx)
 * needs these on every page, the dropdown itself (./SearchDropdown.tsx) only once it opens.
 */

/** The search namespace's translator; its English texts are spec §2 'Search', exactly. */
type SearchT = ReturnType<typeof useTranslations<'search'>>;

export type DropdownView =
  | { kind: 'hint' }
  | { kind: 'searching' }
  | { kind: 'none'; query: string }
  | { kind: 'error'; query: string; message: string }
  | { kind: 'results'; query: string; results: ApiTitle[]; total: number };

/** What a screen reader hears (the polite live region next to the box). */
export function statusText(t: SearchT, view: DropdownView): string {
  switch (view.kind) {
    case 'hint':
      return '';
    case 'searching':
      return t('searching');
    case 'none':
      return t('noResults', { query: view.query });
    case 'error':
      return view.message;
    case 'results':
      return t('count', { count: view.total });
  }
}

export const optionId = (listboxId: string, index: number) => `${listboxId}-option-${index}`;
