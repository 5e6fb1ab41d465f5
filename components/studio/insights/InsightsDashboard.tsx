'use client';

import { useCallback } from 'react';
import { fetchRevenueInsights, fetchTitlesInsights, insightsPaths } from '@/lib/api/studio-insights';
import { EmptyState } from '@/components/ui/EmptyState';
import { ExportCsvButton } from './ExportCsvButton';
import { COMPLETION_NOTE } from './format';
import { KpiCards, revenueKpi, watchKpis } from './KpiCards';
import { RangePicker } from './RangePicker';
import { RevenuePanel } from './RevenuePanel';
import { ErrorBlock, LoadingBlock, Panel } from './states';
import { TitlesTable } from './TitlesTable';
import { useInsightsRange } from './use-insights-range';
import { useStudioData } from './use-studio-data';

/**
 * /studio/insights: the range picker, the headline figures, revenue per day (admins; the server refuses it to
 * editors, so editors are not asked) and every title's figures with a link to its episodes.
 */
export function InsightsDashboard({ isAdmin }: { isAdmin: boolean }) {
  const { range, setRange, query } = useInsightsRange();
  const rangeQuery = { from: range.from, to: range.to };
  const titles = useStudioData(`titles?${query}`, (signal) => fetchTitlesInsights(rangeQuery, signal));
  const revenue = useStudioData(`revenue?${query}`, (signal) => fetchRevenueInsights(rangeQuery, signal), isAdmin);
  const onRange = useCallback((r: { from: string; to: string }) => setRange(r), [setRange]);

  const kpis =
    titles.status === 'succeeded'
      ? [...watchKpis(titles.data.totals), ...(isAdmin && revenue.status === 'succeeded' ? [revenueKpi(revenue.data.totals.totalCentavos, revenue.data.totals.payments)] : [])]
      : null;

  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <div>
        <h1 className="font-display text-2xl font-bold sm:text-3xl">Insights</h1>
        <p className="mt-1 text-sm text-fg-muted">What viewers watch and buy, per title and per episode.</p>
      </div>
      <RangePicker key={`${range.from}_${range.to}`} range={range} onChange={onRange} />

      {titles.status === 'failed' ? (
        <ErrorBlock message={titles.message} onRetry={titles.retry} />
      ) : kpis ? (
        <KpiCards items={kpis} label="Totals for the range" />
      ) : (
        <LoadingBlock label="Loading the totals…" className="h-24" />
      )}

      {isAdmin ? (
        revenue.status === 'succeeded' ? (
          <RevenuePanel data={revenue.data} range={rangeQuery} />
        ) : revenue.status === 'failed' ? (
          <ErrorBlock message={revenue.message} onRetry={revenue.retry} />
        ) : (
          <LoadingBlock label="Loading revenue…" className="h-80" />
        )
      ) : (
        <p className="rounded-2xl border border-white/10 bg-ink-900/60 p-3 text-sm text-fg-muted">Revenue per day is shown to admins only.</p>
      )}

      <Panel id="titles-heading" title="Titles" actions={<ExportCsvButton path={insightsPaths.titles} range={rangeQuery} disabled={titles.status !== 'succeeded'} />}>
        {titles.status === 'succeeded' ? (
          titles.data.titles.length === 0 ? (
            <EmptyState title="No titles yet">Titles appear here once they are in the catalogue.</EmptyState>
          ) : (
            <>
              {titles.data.totals.starts === 0 && <p className="mb-3 text-sm text-fg-muted">Nobody watched anything in this range.</p>}
              <TitlesTable titles={titles.data.titles} query={query} />
            </>
          )
        ) : titles.status === 'failed' ? (
          <ErrorBlock message={titles.message} onRetry={titles.retry} />
        ) : (
          <LoadingBlock label="Loading titles…" />
        )}
        <p className="mt-3 text-xs text-fg-subtle">{COMPLETION_NOTE}</p>
      </Panel>
    </div>
  );
}
