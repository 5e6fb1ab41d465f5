import { api } from './client';
import type { RangeQuery, TitlesInsights, TitleEpisodesInsights, RevenueInsights } from '@/lib/contracts/studio-insights';
import type { Envelope } from '@/lib/contracts/envelope';

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
