import { WATCH_HISTORY_MAX } from '@/lib/constants';
import { episodeHref } from '@/lib/routes';
import { readJson, STORAGE_KEYS, write } from '@/lib/storage';

/**
 * Watch history in local storage (spec §2 'History and list popup', §3 'Watch-history entry', §9 max 20, most recent
 * first). One entry per title: watching another episode of the same title moves it to the front. Read by the
 * continue-watching row on home and the history popup; written by the player while watching.
 */
export type WatchHistoryEntry = {
  /** The movie or series id (history links go to its episode page). */
  _id: string;
  name: string;
  thumbnail: string;
  /** Episode number last watched; 0 is the trailer. */
  currentEpisode: number;
  totalEpisodes: number;
  /** ISO time of the last update. */
  lastWatchedAt: string;
  /** Seconds into the episode. */
  currentTime: number;
  duration: number;
  /** Percent of the episode watched, 0–100. */
  progress: number;
  movieSeriesName: string;
  /** The episode was opened from continue watching (its position is resumed). */
  fromContinueWatching: boolean;
  /** The player page of that episode, never a manifest: history outlives entitlement. */
  videoUrl: string;
};

export type WatchProgress = {
  title: { _id: string; name: string; thumbnail: string };
  episodeNumber: number;
  totalEpisodes: number;
  currentTime: number;
  duration: number;
  fromContinueWatching?: boolean;
};

/** Progress above this counts as finished: continue watching leaves it out. */
export const FINISHED_PERCENT = 95;
/** The query flag a continue-watching link adds so the player resumes the stored position. */
export const CONTINUE_PARAM = 'continue';

const EVENT = 'kilig:watch-history';

const finite = (n: unknown, fallback = 0) => (typeof n === 'number' && Number.isFinite(n) ? n : fallback);

export function progressPercent(currentTime: number, duration: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((currentTime / duration) * 1000) / 10));
}

/** Keeps only well-formed entries (local storage may hold anything), most recent first, at most 20, one per title. */
export function normalizeHistory(raw: unknown): WatchHistoryEntry[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const entries: WatchHistoryEntry[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const e = item as Partial<WatchHistoryEntry> & { id?: unknown };
    const id = typeof e._id === 'string' && e._id ? e._id : typeof e.id === 'string' && e.id ? e.id : null;
    if (!id || seen.has(id) || typeof e.name !== 'string') continue;
    seen.add(id);
    const lastWatchedAt = typeof e.lastWatchedAt === 'string' && !Number.isNaN(Date.parse(e.lastWatchedAt)) ? e.lastWatchedAt : new Date(0).toISOString();
    const currentTime = Math.max(0, finite(e.currentTime));
    const duration = Math.max(0, finite(e.duration));
    entries.push({
      _id: id,
      name: e.name,
      thumbnail: typeof e.thumbnail === 'string' ? e.thumbnail : '',
      currentEpisode: Math.max(0, Math.trunc(finite(e.currentEpisode, 1))),
      totalEpisodes: Math.max(0, Math.trunc(finite(e.totalEpisodes))),
      lastWatchedAt,
      currentTime,
      duration,
      progress: Math.min(100, Math.max(0, finite(e.progress, progressPercent(currentTime, duration)))),
      movieSeriesName: typeof e.movieSeriesName === 'string' ? e.movieSeriesName : e.name,
      fromContinueWatching: e.fromContinueWatching === true,
      videoUrl: typeof e.videoUrl === 'string' ? e.videoUrl : '',
    });
  }
  entries.sort((a, b) => Date.parse(b.lastWatchedAt) - Date.parse(a.lastWatchedAt));
  return entries.slice(0, WATCH_HISTORY_MAX);
}

/** The history with this progress recorded: the title's entry replaced and moved to the front, capped at 20. */
export function withProgress(history: WatchHistoryEntry[], p: WatchProgress, now = new Date()): WatchHistoryEntry[] {
  const currentTime = Math.max(0, finite(p.currentTime));
  const duration = Math.max(0, finite(p.duration));
  const entry: WatchHistoryEntry = {
    _id: p.title._id,
    name: p.title.name,
    thumbnail: p.title.thumbnail,
    currentEpisode: p.episodeNumber,
    totalEpisodes: p.totalEpisodes,
    lastWatchedAt: now.toISOString(),
    currentTime,
    duration,
    progress: progressPercent(currentTime, duration),
    movieSeriesName: p.title.name,
    fromContinueWatching: p.fromContinueWatching ?? false,
    videoUrl: episodeHref(p.title, p.episodeNumber),
  };
  return [entry, ...history.filter((e) => e._id !== entry._id)].slice(0, WATCH_HISTORY_MAX);
}

export function readWatchHistory(): WatchHistoryEntry[] {
  return normalizeHistory(readJson<unknown>(STORAGE_KEYS.watchHistory));
}

/** Records progress in local storage and tells listeners in this tab (other tabs get the `storage` event). */
export function recordWatchProgress(p: WatchProgress, now = new Date()): WatchHistoryEntry[] {
  const next = withProgress(readWatchHistory(), p, now);
  write(STORAGE_KEYS.watchHistory, next);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(EVENT));
  return next;
}

/** Calls `onChange` whenever the history changes, in this tab or another; returns the unsubscribe function. */
export function subscribeWatchHistory(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.watchHistory) onChange();
  };
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Unfinished entries, for the continue-watching row. */
export function continueWatching(history: WatchHistoryEntry[]): WatchHistoryEntry[] {
  return history.filter((e) => e.progress < FINISHED_PERCENT);
}

/** Spec §2: history items open /episodes/episode-{currentEpisode, default 1}-{name}-{id}, resuming at the last episode. */
export function historyHref(entry: Pick<WatchHistoryEntry, '_id' | 'name' | 'currentEpisode'> & { currentEpisode?: number | null }): string {
  return episodeHref({ _id: entry._id, name: entry.name }, entry.currentEpisode ?? 1);
}

/** A continue-watching link: the history link plus the flag that makes the player resume the stored position. */
export function continueWatchingHref(entry: Pick<WatchHistoryEntry, '_id' | 'name' | 'currentEpisode'>): string {
  return `${historyHref(entry)}?${CONTINUE_PARAM}=1`;
}

/** Where to resume this episode: the stored position when the entry is for it and unfinished, else null. */
export function resumePosition(history: WatchHistoryEntry[], titleId: string, episodeNumber: number): number | null {
  const e = history.find((h) => h._id === titleId);
  if (!e || e.currentEpisode !== episodeNumber || e.progress >= FINISHED_PERCENT || e.currentTime < 1) return null;
  return e.currentTime;
}
