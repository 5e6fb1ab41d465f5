import { formatCount, formatWatchTime, formatPesos, formatRate } from './format';

export type Kpi = { label: string; value: string; hint?: string };

/** The headline figures of a range: two a row on a phone, three on a tablet or laptop, six on a wide screen. */
export function KpiCards({ items, label }: { items: Kpi[]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-3 2xl:grid-cols-6">
      {items.map((k) => (
        <div key={k.label} className="min-w-0 rounded-2xl border border-white/10 bg-ink-900/60 p-3 sm:p-4">
          <dt className="truncate text-xs font-medium text-fg-muted">{k.label}</dt>
          <dd className="mt-1 text-xl font-semibold break-words tabular-nums sm:text-2xl">{k.value}</dd>
          {k.hint && <dd className="mt-0.5 truncate text-xs text-fg-subtle">{k.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}

type Watch = { viewers: number; watchSeconds: number; completionRate: number; starts: number; unlocks: number; coinsSpent: number };

export const watchKpis = (t: Watch): Kpi[] => [
  { label: 'Viewers', value: formatCount(t.viewers) },
  { label: 'Watch time', value: formatWatchTime(t.watchSeconds) },
  { label: 'Completion rate', value: formatRate(t.starts ? t.completionRate : null), hint: `${formatCount(t.starts)} starts` },
  { label: 'Unlocks', value: formatCount(t.unlocks) },
  { label: 'Coins spent', value: formatCount(t.coinsSpent) },
];

export const revenueKpi = (totalCentavos: number, payments: number): Kpi => ({ label: 'Revenue', value: formatPesos(totalCentavos), hint: `${formatCount(payments)} paid payments` });
