// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  continueWatching,
  continueWatchingHref,
  historyHref,
  normalizeHistory,
  progressPercent,
  readWatchHistory,
  recordWatchProgress,
  resumePosition,
  subscribeWatchHistory,
  withProgress,
  type WatchHistoryEntry,
} from './watch-history';

const title = (i: number) => ({ _id: `t${i}`.padEnd(24, '0'), name: `Title ${i}`, thumbnail: `/art/${i}.svg` });
const at = (minutes: number) => new Date(Date.UTC(2025, 5, 1, 0, minutes));

afterEach(() => localStorage.clear());

describe('watch history (local storage `watchHistory`)', () => {
  it('records the fields of spec §3, most recent first, one entry per title', () => {
    let h: WatchHistoryEntry[] = [];
    h = withProgress(h, { title: title(1), episodeNumber: 2, totalEpisodes: 6, currentTime: 8, duration: 32 }, at(1));
    h = withProgress(h, { title: title(2), episodeNumber: 1, totalEpisodes: 3, currentTime: 16, duration: 32 }, at(2));
    h = withProgress(h, { title: title(1), episodeNumber: 3, totalEpisodes: 6, currentTime: 4, duration: 32, fromContinueWatching: true }, at(3));
    expect(h.map((e) => e._id)).toEqual([title(1)._id, title(2)._id]);
    expect(h[0]).toEqual({
      _id: title(1)._id,
      name: 'Title 1',
      thumbnail: '/art/1.svg',
      currentEpisode: 3,
      totalEpisodes: 6,
      lastWatchedAt: at(3).toISOString(),
      currentTime: 4,
      duration: 32,
      progress: 12.5,
      movieSeriesName: 'Title 1',
      fromContinueWatching: true,
      videoUrl: `/episodes/episode-3-Title-1-${title(1)._id}`,
    });
  });

  it('keeps at most 20 entries', () => {
    let h: WatchHistoryEntry[] = [];
    for (let i = 0; i < 25; i++) h = withProgress(h, { title: title(i), episodeNumber: 1, totalEpisodes: 1, currentTime: 1, duration: 10 }, at(i));
    expect(h).toHaveLength(20);
    expect(h[0]._id).toBe(title(24)._id);
    expect(h.at(-1)?._id).toBe(title(5)._id);
  });

  it('reads junk safely: bad entries dropped, `id` accepted for `_id`, sorted, capped', () => {
    expect(normalizeHistory('nope')).toEqual([]);
    const h = normalizeHistory([
      null,
      { name: 'no id' },
      { id: 'legacy', name: 'Legacy', currentTime: 'x', lastWatchedAt: at(1).toISOString() },
      { _id: 'b', name: 'B', currentTime: 5, duration: 10, lastWatchedAt: at(5).toISOString() },
      { _id: 'b', name: 'B again', lastWatchedAt: at(9).toISOString() },
    ]);
    expect(h.map((e) => e._id)).toEqual(['b', 'legacy']);
    expect(h[0]).toMatchObject({ progress: 50, currentEpisode: 1, movieSeriesName: 'B' });
    expect(h[1]).toMatchObject({ currentTime: 0, currentEpisode: 1 });
  });

  it('persists, notifies listeners, and round-trips through local storage', () => {
    const onChange = vi.fn();
    const stop = subscribeWatchHistory(onChange);
    recordWatchProgress({ title: title(1), episodeNumber: 0, totalEpisodes: 6, currentTime: 3, duration: 16 });
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
    recordWatchProgress({ title: title(2), episodeNumber: 1, totalEpisodes: 6, currentTime: 3, duration: 16 });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('watchHistory')!)).toHaveLength(2);
    expect(readWatchHistory().map((e) => e.currentEpisode)).toEqual([1, 0]);
    localStorage.setItem('watchHistory', '{broken');
    expect(readWatchHistory()).toEqual([]);
  });

  it('links history to the last episode (default 1), continue watching resumes unfinished ones', () => {
    expect(historyHref({ _id: 'abc', name: 'Kasal sa Kontrata', currentEpisode: 4 })).toBe('/episodes/episode-4-Kasal-sa-Kontrata-abc');
    expect(historyHref({ _id: 'abc', name: 'X', currentEpisode: undefined as unknown as number })).toBe('/episodes/episode-1-X-abc');
    expect(historyHref({ _id: 'abc', name: 'X', currentEpisode: 0 })).toBe('/episodes/episode-0-X-abc');
    expect(continueWatchingHref({ _id: 'abc', name: 'X', currentEpisode: 2 })).toBe('/episodes/episode-2-X-abc?continue=1');
    const h = [
      withProgress([], { title: title(1), episodeNumber: 2, totalEpisodes: 6, currentTime: 20, duration: 32 })[0],
      withProgress([], { title: title(2), episodeNumber: 1, totalEpisodes: 6, currentTime: 31.9, duration: 32 })[0],
    ];
    expect(continueWatching(h).map((e) => e._id)).toEqual([title(1)._id]);
    expect(resumePosition(h, title(1)._id, 2)).toBe(20);
    expect(resumePosition(h, title(1)._id, 3)).toBeNull();
    expect(resumePosition(h, title(2)._id, 1)).toBeNull();
    expect(progressPercent(5, 0)).toBe(0);
  });
});
