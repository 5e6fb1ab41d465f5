import { z } from 'zod';
import { isId } from '@/lib/ids';

/**
 * Studio insights (issue 13): the date range every insights call takes, shared by the API and the range picker.
 * Days are Asia/Manila calendar days, both ends included, written YYYY-MM-DD.
 */

export const INSIGHTS_DEFAULT_DAYS = 30;
/** A year and a day: long enough for 'the last twelve months', short enough that a query stays one index range. */
export const INSIGHTS_MAX_DAYS = 366;
/** The picker's quick choices, in days ending today. */
export const INSIGHTS_PRESETS = [7, 30, 90] as const;
export const INSIGHTS_TIME_ZONE = 'Asia/Manila';

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day between 2000 and 2999 (PostgreSQL refuses year 0, and nothing here predates the service). */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2999) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** `day` moved by `delta` days. */
export const addDays = (day: string, delta: number) => dayOf(dayNumber(day) + delta);

/** Days from `from` to `to`, both included. */
export const spanDays = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** Today in Manila, YYYY-MM-DD. */
export function manilaToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: INSIGHTS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The `days` days ending today (Manila). */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = manilaToday(now);
  return { from: addDays(to, -(days - 1)), to };
}

const isoDay = z.string().trim().max(10).refine(isIsoDay, 'must be a date written YYYY-MM-DD');

export const insightsRangeSchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .superRefine((r, ctx) => {
    if (!r.from || !r.to) return;
    if (r.from > r.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'must be on or before the end date' });
    else if (spanDays(r.from, r.to) > INSIGHTS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `must keep the range to ${INSIGHTS_MAX_DAYS} days or fewer` });
  });
export type InsightsRangeInput = z.infer<typeof insightsRangeSchema>;

export type InsightsRange = { from: string; to: string; days: number };

/**
 * The range a call covers: both ends as given, or the default (the last 30 days ending today) completed around the
 * end that was given. Throws a message naming the field when the completed range breaks the limits.
 */
export function resolveInsightsRange(input: InsightsRangeInput, now: Date = new Date()): InsightsRange | { error: string; field: 'from' | 'to' } {
  const today = manilaToday(now);
  const to = input.to ?? (input.from && input.from > today ? addDays(input.from, INSIGHTS_DEFAULT_DAYS - 1) : today);
  const from = input.from ?? addDays(to, -(INSIGHTS_DEFAULT_DAYS - 1));
  if (from > to) return { error: 'from: must be on or before the end date', field: 'from' };
  const days = spanDays(from, to);
  if (days > INSIGHTS_MAX_DAYS) return { error: `to: must keep the range to ${INSIGHTS_MAX_DAYS} days or fewer`, field: 'to' };
  return { from, to, days };
}

/** `format=csv` answers a file to save instead of JSON. */
const format = z.enum(['json', 'csv']).default('json');

export const insightsQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional(), format })
  .superRefine((r, ctx) => {
    const checked = insightsRangeSchema.safeParse({ from: r.from, to: r.to });
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

export const insightsTitleParamsSchema = z.object({ titleId: z.string().trim().refine(isId, 'must be a 24-hex id') });

// ---- answers and bodies of the studio-insights calls (lib/api/studio-insights.ts) ----

export type RangeQuery = { from: string; to: string };

export type WatchFigures = {
  viewers: number;
  /** Watch sessions (a viewer may open an episode more than once). */
  sessions: number;
  /** (viewer, episode) pairs. */
  starts: number;
  completions: number;
  /** completions / starts, 0..1. */
  completionRate: number;
  watchSeconds: number;
  unlocks: number;
  coinsSpent: number;
};

export type TitleInsight = WatchFigures & { id: string; name: string; type: 1 | 2; isPublished: boolean; episodes: number };
export type TitlesInsights = { range: InsightsRange; totals: WatchFigures; titles: TitleInsight[] };

export type EpisodeInsight = WatchFigures & {
  id: string;
  episodeNumber: number;
  title: string | null;
  durationSeconds: number;
  isPremium: boolean;
  coinPrice: number;
  /** Viewers of the next episode (null for the last one). */
  nextViewers: number | null;
  /** 1 − nextViewers / viewers, 0..1 (negative when more people started the next one); null for the last episode or no viewers. */
  dropOff: number | null;
  /** viewers / viewers of the first episode, 0..1; null when the first episode had none. */
  retention: number | null;
};
export type TitleEpisodesInsights = {
  range: InsightsRange;
  title: { id: string; name: string; type: 1 | 2; isPublished: boolean };
  totals: WatchFigures;
  episodes: EpisodeInsight[];
};

export type RevenueDay = {
  /** Manila calendar day, YYYY-MM-DD. */
  day: string;
  vipCentavos: number;
  coinsCentavos: number;
  premiumCentavos: number;
  totalCentavos: number;
  /** Paid payments of the day, all kinds. */
  payments: number;
  unlocks: number;
  coinsSpent: number;
};
export type RevenueInsights = { range: InsightsRange; totals: Omit<RevenueDay, 'day'>; days: RevenueDay[] };

