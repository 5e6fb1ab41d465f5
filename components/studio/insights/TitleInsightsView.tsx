'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useCallback } from 'react';
import { fetchTitleInsights, insightsPaths } from '@/lib/api/studio-insights';
import type { TitleEpisodesInsights } from '@/lib/contracts/studio-insights';
import { EmptyState } from '@/components/ui/EmptyState';
import { ExportCsvButton } from './ExportCsvButton';
import { EpisodesTable } from './EpisodesTable';
import { COMPLETION_NOTE, formatCount, formatLongDay, formatRate } from './format';
import { KpiCards, watchKpis } from './KpiCards';
import { RangePicker } from './RangePicker';
import { ErrorBlock, LoadingBlock, Panel } from './states';
import { useInsightsRange } from './use-insights-range';
import { useStudioData } from './use-studio-data';
import { studioInsightsHref } from '@/lib/routes';

const FunnelChart = dynamic(() => import('./FunnelChart'), { ssr: false, loading: () => <LoadingBlock label="Loading the chart…" className="h-64 sm:h-80" /> });

/** The funnel chart's text alternative: how many started, how many reached the last episode, and the steepest step. */
export function funnelSummary(data: TitleEpisodesInsights): string {
  const eps = data.episodes;
  if (eps.length === 0) return 'This title has no episodes yet.';
  const first = eps[0];
  const last = eps[eps.length - 1];
  if (first.viewers === 0 && data.totals.viewers === 0) return 'Nobody watched this title in the range.';
  if (eps.length === 1) return `${formatCount(first.viewers)} viewers.`;
  const steepest = eps.filter((e) => e.dropOff !== null).reduce<(typeof eps)[number] | null>((a, e) => (a === null || e.dropOff! > a.dropOff! ? e : a), null);
  return (
    `${formatCount(first.viewers)} viewers started episode 1; ${formatCount(last.viewers)} (${formatRate(last.retention)}) started episode ${last.episodeNumber}.` +
    (steepest ? ` The steepest drop is from episode ${steepest.episodeNumber} to ${steepest.episodeNumber + 1}: ${formatRate(steepest.dropOff)}.` : '')
  );
}

/** /studio/insights/[titleId]: one title's figures, its funnel (viewers per episode) and its episodes table. */
export function TitleInsightsView({ titleId }: { titleId: string }) {
  const { range, setRange, query } = useInsightsRange();
  const rangeQuery = { from: range.from, to: range.to };
  const state = useStudioData(`${titleId}?${query}`, (signal) => fetchTitleInsights(titleId, rangeQuery, signal));
  const onRange = useCallback((r: { from: string; to: string }) => setRange(r), [setRange]);
  const data = state.status === 'succeeded' ? state.data : null;

  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <div>
        <Link href={studioInsightsHref(query)} className="text-sm text-kilig-300 hover:underline">
          ← All titles
        </Link>
        <h1 className="mt-1 font-display text-2xl font-bold break-words sm:text-3xl">{data ? data.title.name : 'Title insights'}</h1>
        {data && (
          <p className="mt-1 text-sm text-fg-muted">
            {data.title.type === 1 ? 'Movie' : `Series · ${data.episodes.length} episodes`}
            {data.title.isPublished ? '' : ' · unpublished'} · {formatLongDay(data.range.from)} – {formatLongDay(data.range.to)}
          </p>
        )}
      </div>
      <RangePicker key={`${range.from}_${range.to}`} range={range} onChange={onRange} />

      {state.status === 'failed' ? (
        <ErrorBlock message={state.message} onRetry={state.retry} />
      ) : !data ? (
        <>
          <LoadingBlock label="Loading the totals…" className="h-24" />
          <LoadingBlock label="Loading the episodes…" className="h-80" />
        </>
      ) : (
        <>
          <KpiCards items={watchKpis(data.totals)} label={`Totals of ${data.title.name} for the range`} />
          {data.episodes.length === 0 ? (
            <EmptyState title="No episodes yet">Add episodes to this title to see how viewers move through them.</EmptyState>
          ) : (
            <Panel
              id="funnel-heading"
              title={data.title.type === 1 ? 'Viewers' : 'Funnel: viewers per episode'}
              actions={<ExportCsvButton path={insightsPaths.title(titleId)} range={rangeQuery} />}
            >
              <figure>
                <FunnelChart episodes={data.episodes} />
                <figcaption className="mt-2 text-sm text-fg-muted">{funnelSummary(data)}</figcaption>
              </figure>
              <div className="mt-4">
                <EpisodesTable episodes={data.episodes} />
              </div>
              <p className="mt-3 text-xs text-fg-subtle">
                Drop-off to next = 1 − viewers of the next episode ÷ viewers of this one; it counts everyone who started each episode, so it is negative when more viewers started the next one. {COMPLETION_NOTE}
              </p>
            </Panel>
          )}
        </>
      )}
    </div>
  );
}
