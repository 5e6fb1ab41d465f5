'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { RevenueDay } from '@/lib/contracts/studio-insights';
import { formatDay, formatPesos } from './format';

/** Chart colours (the theme's gold and pink, and a violet for premium videos), readable on ink. */
export const REVENUE_SERIES = [
  { key: 'vipCentavos', label: 'VIP', color: '#e9b949' },
  { key: 'coinsCentavos', label: 'Coins', color: '#ff5fa0' },
  { key: 'premiumCentavos', label: 'Premium videos', color: '#a78bfa' },
] as const;

const compactPesos = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP', notation: 'compact', maximumFractionDigits: 1 });

/**
 * Revenue per day, stacked by kind. recharts is only imported here and in FunnelChart, both loaded with next/dynamic
 * from the insights pages: no other page's JavaScript carries it. The figure's caption and the table beside it are
 * the text alternative; the SVG itself is hidden from screen readers.
 */
export default function RevenueChart({ days }: { days: RevenueDay[] }) {
  return (
    <div aria-hidden="true" className="h-64 w-full sm:h-80">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="rgba(255,255,255,0.08)" vertical={false} />
          <XAxis dataKey="day" tickFormatter={formatDay} tick={{ fill: '#b9afc2', fontSize: 12 }} minTickGap={16} stroke="rgba(255,255,255,0.2)" />
          <YAxis tickFormatter={(c: number) => compactPesos.format(c / 100)} tick={{ fill: '#b9afc2', fontSize: 12 }} width={64} stroke="rgba(255,255,255,0.2)" />
          <Tooltip
            cursor={{ fill: 'rgba(255,255,255,0.06)' }}
            contentStyle={{ background: '#14111a', border: '1px solid rgba(255,255,255,0.15)', borderRadius: 12, color: '#f6f2f8' }}
            labelFormatter={(day) => formatDay(String(day))}
            formatter={(value) => formatPesos(Number(value))}
          />
          <Legend wrapperStyle={{ color: '#b9afc2', fontSize: 12 }} />
          {REVENUE_SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} stackId="revenue" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
