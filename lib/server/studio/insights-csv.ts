import 'server-only';
import type { InsightsRange } from '@/lib/contracts/studio-insights';
import type { RevenueInsights, TitleEpisodesInsights, TitlesInsights } from '@/lib/contracts/studio-insights';

/**
 * The insights tables as CSV files (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or line
 * break). Money has a centavos column (exact) and a pesos column (two decimals, no symbol, so spreadsheets read a
 * number); rates are percentages with one decimal.
 */

type Cell = string | number | null;

/**
 * Titles are written by editors: a cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written
 * with a leading apostrophe, which spreadsheets show as text (OWASP 'CSV injection'). Numbers are never changed.
 */
function cell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: string[], rows: Cell[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

const pesos = (centavos: number) => (centavos / 100).toFixed(2);
const percent = (share: number | null) => (share === null ? null : Number((share * 100).toFixed(1)));
const hours = (seconds: number) => Number((seconds / 3600).toFixed(2));

export function titlesCsv(data: TitlesInsights): string {
  return toCsv(
    ['title_id', 'title', 'type', 'published', 'episodes', 'viewers', 'sessions', 'starts', 'completions', 'completion_rate_percent', 'watch_seconds', 'watch_hours', 'unlocks', 'coins_spent'],
    data.titles.map((t) => [
      t.id,
      t.name,
      t.type === 1 ? 'movie' : 'series',
      t.isPublished ? 'yes' : 'no',
      t.episodes,
      t.viewers,
      t.sessions,
      t.starts,
      t.completions,
      percent(t.completionRate),
      t.watchSeconds,
      hours(t.watchSeconds),
      t.unlocks,
      t.coinsSpent,
    ]),
  );
}

export function episodesCsv(data: TitleEpisodesInsights): string {
  return toCsv(
    ['episode_number', 'episode_id', 'episode_title', 'duration_seconds', 'premium', 'coin_price', 'viewers', 'sessions', 'completions', 'completion_rate_percent', 'watch_seconds', 'watch_hours', 'unlocks', 'coins_spent', 'next_episode_viewers', 'drop_off_percent', 'retention_percent'],
    data.episodes.map((e) => [
      e.episodeNumber,
      e.id,
      e.title,
      e.durationSeconds,
      e.isPremium ? 'yes' : 'no',
      e.coinPrice,
      e.viewers,
      e.sessions,
      e.completions,
      percent(e.completionRate),
      e.watchSeconds,
      hours(e.watchSeconds),
      e.unlocks,
      e.coinsSpent,
      e.nextViewers,
      percent(e.dropOff),
      percent(e.retention),
    ]),
  );
}

export function revenueCsv(data: RevenueInsights): string {
  return toCsv(
    ['day', 'vip_centavos', 'vip_pesos', 'coins_centavos', 'coins_pesos', 'premium_centavos', 'premium_pesos', 'total_centavos', 'total_pesos', 'payments', 'unlocks', 'coins_spent'],
    data.days.map((d) => [
      d.day,
      d.vipCentavos,
      pesos(d.vipCentavos),
      d.coinsCentavos,
      pesos(d.coinsCentavos),
      d.premiumCentavos,
      pesos(d.premiumCentavos),
      d.totalCentavos,
      pesos(d.totalCentavos),
      d.payments,
      d.unlocks,
      d.coinsSpent,
    ]),
  );
}

/** `kilig-<what>-<from>_<to>.csv`: what and when, safe in any file system. */
export const csvFilename = (what: string, range: InsightsRange) => `kilig-${what.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}-${range.from}_${range.to}.csv`;

/**
 * A CSV file to save. The UTF-8 byte-order mark makes Excel read Filipino names (ñ) as UTF-8. Never cached: it is
 * studio data behind a token.
 */
export function csvResponse(csv: string, filename: string): Response {
  return new Response(`\uFEFF${csv}`, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
