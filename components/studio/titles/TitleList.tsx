'use client';

import Link from 'next/link';
import { useEffect, useId, useState } from 'react';
import { StatusBadge } from '@/components/studio/forms/StatusBadge';
import { inputClass } from '@/components/studio/forms/fields';
import { buttonClass } from '@/components/ui/styles';
import { isCanceled } from '@/lib/api/errors';
import { studioErrorMessage } from '@/lib/api/studio';
import { fetchTitles } from '@/lib/api/studio-titles';
import type { TitlePage } from '@/lib/contracts/studio-titles';
import { STUDIO_PAGE_SIZE, type PublishState, type TitleType } from '@/lib/contracts/studio-titles';
import { studioTitleHref } from '@/lib/routes';

type Filters = { q: string; type: '' | TitleType; status: '' | PublishState; premium: '' | 'true' | 'false'; page: number };

/** Typing waits this long before searching, so each keystroke is not a call. */
const SEARCH_DELAY_MS = 250;

/** /studio/titles: every title (drafts and scheduled ones too) with search, filters, paging and status badges. */
export function TitleList() {
  const id = useId();
  const [filters, setFilters] = useState<Filters>({ q: '', type: '', status: '', premium: '', page: 1 });
  const [query, setQuery] = useState(filters);
  const [result, setResult] = useState<{ key: string; page: TitlePage } | { key: string; error: string } | null>(null);
  const key = JSON.stringify(query);

  useEffect(() => {
    const t = setTimeout(() => setQuery(filters), filters.q === query.q ? 0 : SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [filters, query.q]);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchTitles(
      { q: query.q.trim() || undefined, type: query.type || undefined, status: query.status || undefined, premium: query.premium ? query.premium === 'true' : undefined, page: query.page, limit: STUDIO_PAGE_SIZE },
      ctrl.signal,
    ).then(
      (page) => setResult({ key, page }),
      (err: unknown) => !isCanceled(err) && setResult({ key, error: studioErrorMessage(err) }),
    );
    return () => ctrl.abort();
  }, [key, query]);

  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const loading = !result || result.key !== key;
  const page = result && 'page' in result ? result.page : null;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.limit)) : 1;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-2xl font-bold md:text-3xl">Titles</h1>
        <Link href={studioTitleHref('new')} className={buttonClass('primary', 'md')}>
          New title
        </Link>
      </div>

      <form role="search" aria-label="Find titles" onSubmit={(e) => e.preventDefault()} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className="flex flex-col gap-1 text-xs text-fg-muted sm:col-span-2 lg:col-span-1" htmlFor={`${id}-q`}>
          Search by name
          <input id={`${id}-q`} type="search" className={inputClass} value={filters.q} onChange={(e) => set({ q: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-xs text-fg-muted" htmlFor={`${id}-type`}>
          Type
          <select id={`${id}-type`} className={inputClass} value={filters.type} onChange={(e) => set({ type: e.target.value as Filters['type'] })}>
            <option value="">All types</option>
            <option value="series">Series</option>
            <option value="movie">Movies</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-fg-muted" htmlFor={`${id}-status`}>
          Status
          <select id={`${id}-status`} className={inputClass} value={filters.status} onChange={(e) => set({ status: e.target.value as Filters['status'] })}>
            <option value="">Any status</option>
            <option value="published">Published</option>
            <option value="scheduled">Scheduled</option>
            <option value="draft">Draft</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-fg-muted" htmlFor={`${id}-premium`}>
          Access
          <select id={`${id}-premium`} className={inputClass} value={filters.premium} onChange={(e) => set({ premium: e.target.value as Filters['premium'] })}>
            <option value="">Free and premium</option>
            <option value="true">Premium</option>
            <option value="false">Free</option>
          </select>
        </label>
      </form>

      <div aria-live="polite" aria-busy={loading} className="min-h-40">
        {result && 'error' in result && result.key === key ? (
          <p role="alert" className="text-red-300">
            {result.error}
          </p>
        ) : loading && !page ? (
          <p role="status" className="text-fg-muted">
            Loading titles…
          </p>
        ) : page && page.items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-white/15 p-8 text-center text-fg-muted">
            {query.q || query.type || query.status || query.premium ? 'No titles match these filters.' : 'No titles yet. Create the first one with New title.'}
          </div>
        ) : page ? (
          <>
            <p className="mb-3 text-sm text-fg-muted">
              {page.total.toLocaleString('en-PH')} title{page.total === 1 ? '' : 's'}
              {loading ? ' · updating…' : ''}
            </p>
            <ul className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3">
              {page.items.map((t) => (
                <li key={t.id}>
                  <Link href={studioTitleHref(t.id)} className="flex gap-3 rounded-2xl border border-white/10 bg-ink-900 p-3 transition hover:border-white/30 focus-visible:outline-2 focus-visible:outline-kilig-400">
                    <span className="aspect-[9/16] w-14 shrink-0 overflow-hidden rounded-lg bg-ink-950">
                      {t.thumbnailUrl ? (
                        // eslint-disable-next-line @next/next/no-img-element -- studio thumbnails, small and uncached by design
                        <img src={t.thumbnailUrl} alt="" width={56} height={100} loading="lazy" className="size-full object-cover" />
                      ) : null}
                    </span>
                    <span className="flex min-w-0 flex-col gap-1.5">
                      <span className="truncate font-semibold">{t.name}</span>
                      <span className="text-xs text-fg-muted">
                        {t.type === 'movie' ? 'Movie' : 'Series'} · {t.episodeCount} episode{t.episodeCount === 1 ? '' : 's'}
                        {t.isPremium ? ' · Premium' : ''}
                      </span>
                      <StatusBadge status={t.status} at={t.publishedAt} className="self-start" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label="Pages" className="mt-5 flex items-center justify-center gap-3">
                <button type="button" className={buttonClass('secondary', 'sm')} disabled={filters.page <= 1} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
                  Previous
                </button>
                <span className="text-sm text-fg-muted">
                  Page {filters.page} of {pages}
                </span>
                <button type="button" className={buttonClass('secondary', 'sm')} disabled={filters.page >= pages} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
                  Next
                </button>
              </nav>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
