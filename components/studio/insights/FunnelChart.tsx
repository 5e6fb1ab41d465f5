'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { EpisodeInsight } from '@/lib/contracts/studio-insights';
import { formatCount, formatRate } from './format';

/**
 * The funnel of a series: viewers of each episode, in order, so the steps down show where viewers leave. Loaded with
 * next/dynamic (recharts stays out of other pages); the caption and the episodes table are its text alternative.
 */
export default function FunnelChart({ episodes }: { episodes: EpisodeInsight[] }) {
  const data = episodes.map((e) => ({ name: `Ep ${e.episodeNumber}`, viewers: e.viewers, retention: e.retention }));
  return (
    <div aria-hidden="true" className="h-64 w-full sm:h-80">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="rgba(255,255,255,0.08)" vertical={false} />
          <XAxis dataKey="name" tick={{ fill: '#b9afc2', fontSize: 12 }} minTickGap={8} stroke="rgba(255,255,255,0.2)" />
          <YAxis allowDecimals={false} tickFormatter={(n: number) => formatCount(n)} tick={{ fill: '#b9afc2', fontSize: 12 }} width={48} stroke="rgba(255,255,255,0.2)" />
          <Tooltip
            cursor={{ fill: 'rgba(255,255,255,0.06)' }}
            contentStyle={{ background: '#14111a', border: '1px solid rgba(255,255,255,0.15)', borderRadius: 12, color: '#f6f2f8' }}
            formatter={(value, _name, item) => [`${formatCount(Number(value))} (${formatRate((item.payload as { retention: number | null }).retention)} of episode 1)`, 'Viewers']}
          />
          <Bar dataKey="viewers" name="Viewers" fill="#ff5fa0" radius={[6, 6, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
