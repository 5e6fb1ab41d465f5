import { formatPesos } from '@/lib/format';

/** How insights figures read: counts with separators, rates as percentages, watch time in hours (or minutes), money in pesos. */

const count = new Intl.NumberFormat('en-PH');
const pct = new Intl.NumberFormat('en-PH', { style: 'percent', maximumFractionDigits: 1 });
const hrs = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 1 });
const dayLabel = new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-PH', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export const formatCount = (n: number) => count.format(n);
/** A share 0..1 as '42.9%'; '–' when there is nothing to share (no viewers, last episode). */
export const formatRate = (share: number | null) => (share === null ? '–' : pct.format(share));
/** Watch time: hours from one hour up ('1.5 h'); under an hour in minutes ('42 min'), where '0 h' would hide it. */
export function formatWatchTime(seconds: number): string {
  if (seconds >= 3600) return `${hrs.format(seconds / 3600)} h`;
  if (seconds > 0 && seconds < 30) return '< 1 min';
  return `${count.format(Math.round(seconds / 60))} min`;
}
export { formatPesos };
/** '2026-03-01' → 'Mar 1' (days are calendar days already: formatted in UTC so no zone shifts them). */
export const formatDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
export const formatLongDay = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));
export const formatRange = (r: { from: string; to: string }) => (r.from === r.to ? formatLongDay(r.from) : `${formatLongDay(r.from)} – ${formatLongDay(r.to)}`);

/** The completion rule, shown under every table that has a completion column. */
export const COMPLETION_NOTE =
  'Viewers are signed-in or guest accounts with a watch session that started in the range; a guest device counts as one viewer. ' +
  'A start is one viewer opening one episode (opening it again is the same start). A start is complete when the player reached the end ' +
  'or at least 90 % of the episode was watched. Days are Philippine (Asia/Manila) days.';
