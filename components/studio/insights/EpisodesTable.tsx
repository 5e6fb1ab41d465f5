import type { EpisodeInsight } from '@/lib/contracts/studio-insights';
import { formatCount, formatWatchTime, formatRate } from './format';

/** A drop-off of a third or more stands out: that is where a series loses its audience. */
const STEEP_DROP = 1 / 3;

/** One title's episodes in order: viewers, the step to the next episode, completion, watch time, unlocks. */
export function EpisodesTable({ episodes }: { episodes: EpisodeInsight[] }) {
  return (
    <div className="-mx-3 overflow-x-auto sm:mx-0">
      <table className="w-full min-w-[720px] text-right text-sm tabular-nums">
        <caption className="sr-only">Episodes in order with viewers, drop-off to the next episode, completion, watch time and unlocks</caption>
        <thead className="text-xs text-fg-muted">
          <tr className="border-b border-white/10">
            <th scope="col" className="px-3 py-2 text-left">Episode</th>
            <th scope="col" className="px-3 py-2">Viewers</th>
            <th scope="col" className="px-3 py-2">Of episode 1</th>
            <th scope="col" className="px-3 py-2">Drop-off to next</th>
            <th scope="col" className="px-3 py-2">Completion</th>
            <th scope="col" className="px-3 py-2">Watch time</th>
            <th scope="col" className="px-3 py-2">Unlocks</th>
            <th scope="col" className="px-3 py-2">Coins spent</th>
          </tr>
        </thead>
        <tbody>
          {episodes.map((e) => (
            <tr key={e.id} className="border-b border-white/5 last:border-0">
              <th scope="row" className="max-w-[14rem] px-3 py-2 text-left font-normal">
                <span className="block truncate font-medium">
                  {e.episodeNumber}. {e.title || `Episode ${e.episodeNumber}`}
                </span>
                <span className="text-xs text-fg-subtle">{e.isPremium ? `Premium · ${formatCount(e.coinPrice)} coins` : 'Free'}</span>
              </th>
              <td className="px-3 py-2">{formatCount(e.viewers)}</td>
              <td className="px-3 py-2">{formatRate(e.retention)}</td>
              <td className={e.dropOff !== null && e.dropOff >= STEEP_DROP ? 'px-3 py-2 font-semibold text-kilig-300' : 'px-3 py-2'}>{formatRate(e.dropOff)}</td>
              <td className="px-3 py-2">{formatRate(e.starts ? e.completionRate : null)}</td>
              <td className="px-3 py-2">{formatWatchTime(e.watchSeconds)}</td>
              <td className="px-3 py-2">{formatCount(e.unlocks)}</td>
              <td className="px-3 py-2">{formatCount(e.coinsSpent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
