'use client';

import dynamic from 'next/dynamic';
import { insightsPaths } from '@/lib/api/studio-insights';
import type { RangeQuery, RevenueInsights } from '@/lib/contracts/studio-insights';
import { ExportCsvButton } from './ExportCsvButton';
import { formatCount, formatDay, formatLongDay, formatPesos } from './format';
import { LoadingBlock, Panel } from './states';

const RevenueChart = dynamic(() => import('./RevenueChart'), { ssr: false, loading: () => <LoadingBlock label="Loading the chart…" className="h-64 sm:h-80" /> });

/** The chart's text alternative: totals by kind and the best day. */
export function revenueSummary(data: RevenueInsights): string {
  const t = data.totals;
  if (t.totalCentavos === 0) return `No paid payments in these ${data.days.length} days.`;
  const best = data.days.reduce((a, b) => (b.totalCentavos > a.totalCentavos ? b : a));
  return (
    `${formatPesos(t.totalCentavos)} from ${formatCount(t.payments)} paid payments over ${data.days.length} days: ` +
    `VIP ${formatPesos(t.vipCentavos)}, coins ${formatPesos(t.coinsCentavos)}, premium videos ${formatPesos(t.premiumCentavos)}. ` +
    `Best day ${formatLongDay(best.day)} with ${formatPesos(best.totalCentavos)}.`
  );
}

/** Revenue per Manila day (admins): the stacked chart, its summary, the same figures as a table, and the CSV. */
export function RevenuePanel({ data, range }: { data: RevenueInsights; range: RangeQuery }) {
  return (
    <Panel id="revenue-heading" title="Revenue per day" actions={<ExportCsvButton path={insightsPaths.revenue} range={range} />}>
      <figure>
        <RevenueChart days={data.days} />
        <figcaption className="mt-2 text-sm text-fg-muted">{revenueSummary(data)}</figcaption>
      </figure>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-kilig-300 hover:underline">Show the figures as a table</summary>
        <div className="-mx-3 mt-2 max-h-96 overflow-auto sm:mx-0">
          <table className="w-full min-w-[600px] text-right text-sm tabular-nums">
            <caption className="sr-only">Revenue per day in pesos, with unlocks and coins spent</caption>
            <thead className="sticky top-0 bg-ink-900 text-xs text-fg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">Day</th>
                <th scope="col" className="px-3 py-2">VIP</th>
                <th scope="col" className="px-3 py-2">Coins</th>
                <th scope="col" className="px-3 py-2">Premium</th>
                <th scope="col" className="px-3 py-2">Total</th>
                <th scope="col" className="px-3 py-2">Unlocks</th>
                <th scope="col" className="px-3 py-2">Coins spent</th>
              </tr>
            </thead>
            <tbody>
              {data.days.map((d) => (
                <tr key={d.day} className="border-t border-white/5">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">{formatDay(d.day)}</th>
                  <td className="px-3 py-1.5">{formatPesos(d.vipCentavos)}</td>
                  <td className="px-3 py-1.5">{formatPesos(d.coinsCentavos)}</td>
                  <td className="px-3 py-1.5">{formatPesos(d.premiumCentavos)}</td>
                  <td className="px-3 py-1.5 font-medium">{formatPesos(d.totalCentavos)}</td>
                  <td className="px-3 py-1.5">{formatCount(d.unlocks)}</td>
                  <td className="px-3 py-1.5">{formatCount(d.coinsSpent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Panel>
  );
}
