'use client';

import Link from 'next/link';
import { useMemo, useState } from 'react';
import type { TitleInsight } from '@/lib/contracts/studio-insights';
import { formatCount, formatWatchTime, formatRate } from './format';
import { studioInsightsHref } from '@/lib/routes';

type SortKey = 'name' | 'viewers' | 'watchSeconds' | 'completionRate' | 'unlocks' | 'coinsSpent';
type Sort = { key: SortKey; dir: 'asc' | 'desc' };

const COLUMNS: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'name', label: 'Title', numeric: false },
  { key: 'viewers', label: 'Viewers', numeric: true },
  { key: 'watchSeconds', label: 'Watch time', numeric: true },
  { key: 'completionRate', label: 'Completion', numeric: true },
  { key: 'unlocks', label: 'Unlocks', numeric: true },
  { key: 'coinsSpent', label: 'Coins spent', numeric: true },
];

function compare(a: TitleInsight, b: TitleInsight, key: SortKey): number {
  if (key === 'name') return a.name.localeCompare(b.name, 'en-PH');
  return a[key] - b[key];
}

/**
 * Every title with its figures over the range, sortable by any column (a header is a button; aria-sort tells which
 * column orders the rows). The title links to its episodes and funnel, keeping the range.
 */
export function TitlesTable({ titles, query }: { titles: TitleInsight[]; query: string }) {
  const [sort, setSort] = useState<Sort>({ key: 'viewers', dir: 'desc' });
  const rows = useMemo(() => {
    const sign = sort.dir === 'asc' ? 1 : -1;
    return [...titles].sort((a, b) => sign * compare(a, b, sort.key) || a.name.localeCompare(b.name, 'en-PH'));
  }, [titles, sort]);

  const toggle = (key: SortKey) =>
    setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: key === 'name' ? 'asc' : 'desc' }));

  return (
    <div className="-mx-3 overflow-x-auto sm:mx-0">
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">Titles over the range; column headers sort the table.</caption>
        <thead>
          <tr className="border-b border-white/10 text-xs text-fg-muted">
            {COLUMNS.map((c) => (
              <th
                key={c.key}
                scope="col"
                aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                className={c.numeric ? 'px-3 py-2 text-right' : 'px-3 py-2'}
              >
                <button type="button" onClick={() => toggle(c.key)} className="inline-flex items-center gap-1 rounded font-medium hover:text-fg focus-visible:outline-2">
                  {c.label}
                  <span aria-hidden="true" className="w-3">
                    {sort.key === c.key ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.id} className="border-b border-white/5 last:border-0 hover:bg-white/5">
              <th scope="row" className="max-w-[16rem] px-3 py-2 font-normal">
                <Link href={studioInsightsHref(query, t.id)} className="block truncate font-medium text-fg hover:text-kilig-300 hover:underline">
                  {t.name}
                </Link>
                <span className="text-xs text-fg-subtle">
                  {t.type === 1 ? 'Movie' : `Series · ${t.episodes} episodes`}
                  {t.isPublished ? '' : ' · unpublished'}
                </span>
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(t.viewers)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatWatchTime(t.watchSeconds)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatRate(t.starts ? t.completionRate : null)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(t.unlocks)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(t.coinsSpent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
