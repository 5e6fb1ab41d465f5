import type { InsightsRange } from '@/lib/contracts/studio-insights';
import { api } from './client';

/**
 * The studio's insights calls (api/admin/insights/**). Viewing figures are for editors and admins; revenue for admins
 * only (the server answers 403 to an editor). The answers' shapes are declared here, once; lib/server/studio/insights.ts
 * builds them.
 */

export type { InsightsRange };
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

type Envelope<T> = { status: boolean; message?: string; data: T };

const INSIGHTS = '/api/admin/insights';
export const insightsPaths = {
  titles: `${INSIGHTS}/titles`,
  title: (titleId: string) => `${INSIGHTS}/titles/${encodeURIComponent(titleId)}`,
  revenue: `${INSIGHTS}/revenue`,
};

async function get<T>(path: string, range: RangeQuery, signal?: AbortSignal): Promise<T> {
  const res = await api.get<Envelope<T>>(path, { params: { from: range.from, to: range.to }, signal });
  return res.data.data;
}

export const fetchTitlesInsights = (range: RangeQuery, signal?: AbortSignal) => get<TitlesInsights>(insightsPaths.titles, range, signal);
export const fetchTitleInsights = (titleId: string, range: RangeQuery, signal?: AbortSignal) => get<TitleEpisodesInsights>(insightsPaths.title(titleId), range, signal);
export const fetchRevenueInsights = (range: RangeQuery, signal?: AbortSignal) => get<RevenueInsights>(insightsPaths.revenue, range, signal);

/** The file name the server gave (content-disposition), or a fallback. */
export function filenameOf(disposition: string | undefined | null, fallback: string): string {
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Downloads the CSV variant of an insights call. The call needs the Bearer token, which a plain link cannot send, so
 * the file is fetched and handed to the browser as an object URL.
 */
export async function downloadInsightsCsv(path: string, range: RangeQuery): Promise<string> {
  const res = await api.get<Blob>(path, { params: { from: range.from, to: range.to, format: 'csv' }, responseType: 'blob' });
  const name = filenameOf(res.headers['content-disposition'] as string | undefined, `kilig-insights-${range.from}_${range.to}.csv`);
  const url = URL.createObjectURL(res.data);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Revoked on the next task: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}
