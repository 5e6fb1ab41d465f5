import 'server-only';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { publicEnv } from '@/lib/public-env';
import { mediaStorage } from '@/lib/server/storage';
import { mediaKey } from '@/lib/server/storage/media-files';

/** Shaka's bandwidth estimate before it has measured anything (abr.defaultBandwidthEstimate, 1 Mbit/s). */
const DEFAULT_ESTIMATE = 1_000_000;

type Rep = { id: string; kind: 'video' | 'audio'; bandwidth: number; init: string; first: string };

const cache = new Map<string, Promise<string[]>>();

/** The representations of one of our packaged MPDs (ffmpeg's SegmentTemplate layout, media/…: `$RepresentationID$`, `$Number%05d$`). */
function representations(mpd: string): Rep[] {
  const reps: Rep[] = [];
  for (const set of mpd.split(/<AdaptationSet\b/).slice(1)) {
    const kind = /contentType="audio"|mimeType="audio/.test(set) ? 'audio' : 'video';
    for (const rep of set.split(/<Representation\b/).slice(1)) {
      const id = /\bid="([^"]+)"/.exec(rep)?.[1];
      const bandwidth = Number(/\bbandwidth="(\d+)"/.exec(rep)?.[1] ?? NaN);
      const init = /\binitialization="([^"]+)"/.exec(rep)?.[1];
      const media = /\bmedia="([^"]+)"/.exec(rep)?.[1];
      const start = Number(/\bstartNumber="(\d+)"/.exec(rep)?.[1] ?? 1);
      if (!id || !init || !media || !Number.isFinite(bandwidth)) continue;
      const fill = (t: string) =>
        t.replace(/\$RepresentationID\$/g, id).replace(/\$Number(?:%0(\d+)d)?\$/g, (_m, width?: string) => String(start).padStart(Number(width ?? 0), '0'));
      reps.push({ id, kind, bandwidth, init: fill(init), first: fill(media) });
    }
  }
  return reps;
}

/**
 * The files the player asks for first, so the page can preload them with its HTML: the init segment and first media
 * segment of the audio and of the video rendition Shaka starts on (the best whose bandwidth fits its default
 * estimate). Only for media the app serves itself (NEXT_PUBLIC_MEDIA_BASE_URL a path such as /media, read from media
 * storage, a folder or a bucket); a CDN's are left to the player.
 */
export function firstSegments(manifestUrl: string): Promise<string[]> {
  const base = publicEnv.NEXT_PUBLIC_MEDIA_BASE_URL.replace(/\/+$/, '');
  if (!base.startsWith('/') || !manifestUrl.startsWith(`${base}/`) || !manifestUrl.endsWith('.mpd')) return Promise.resolve([]);
  let hit = cache.get(manifestUrl);
  if (!hit) {
    const key = mediaKey(manifestUrl.slice(base.length + 1).split('/'));
    if (!key) return Promise.resolve([]);
    const folder = path.posix.dirname(manifestUrl);
    hit = mediaStorage()
      .get(key)
      .then((object) => (object ? text(object.body) : Promise.reject(new Error(`no manifest at ${key}`))))
      .then((mpd) => {
        const reps = representations(mpd);
        const audio = reps.filter((r) => r.kind === 'audio').sort((a, b) => a.bandwidth - b.bandwidth)[0];
        const videos = reps.filter((r) => r.kind === 'video').sort((a, b) => a.bandwidth - b.bandwidth);
        const fits = videos.filter((v) => v.bandwidth + (audio?.bandwidth ?? 0) <= DEFAULT_ESTIMATE);
        const video = fits.at(-1) ?? videos[0];
        return [video, audio].filter((r): r is Rep => r !== undefined).flatMap((r) => [`${folder}/${r.init}`, `${folder}/${r.first}`]);
      })
      .catch(() => {
        // Not kept: a manifest missing now (an ingest still writing it) may be there on the next request.
        cache.delete(manifestUrl);
        return [];
      });
    cache.set(manifestUrl, hit);
  }
  return hit;
}
