import { publicEnv } from '@/lib/public-env';
import type { EpisodeMediaView } from '@/lib/contracts/studio-media';
import { VIDEO_UPLOAD_PATH } from '@/lib/contracts/studio-media';
import { readToken } from '@/lib/session';
import { api } from './client';
import type { SubtitleLanguage, VideoUploadHandle } from '@/lib/contracts/studio-media';
import type { Envelope } from '@/lib/contracts/envelope';

const mediaPath = (videoId: string) => `/api/admin/episodes/${encodeURIComponent(videoId)}/media`;

export async function fetchEpisodeMedia(videoId: string, signal?: AbortSignal): Promise<EpisodeMediaView> {
  return (await api.get<Envelope<EpisodeMediaView>>(mediaPath(videoId), { signal })).data.data;
}

export async function startEpisodeIngest(videoId: string, input: { uploadId: string; subtitlesUploadId?: string }): Promise<EpisodeMediaView> {
  return (await api.post<Envelope<EpisodeMediaView>>(mediaPath(videoId), input)).data.data;
}

/** Admins: deletes a finished upload of the episode that is not a video (the ingest refused it). */
export async function deleteRejectedUpload(videoId: string, uploadId: string): Promise<void> {
  await api.delete(`${mediaPath(videoId)}/uploads/${encodeURIComponent(uploadId)}`);
}

export async function retryEpisodeIngest(videoId: string): Promise<EpisodeMediaView> {
  return (await api.post<Envelope<EpisodeMediaView>>(`${mediaPath(videoId)}/retry`, {})).data.data;
}

/** `lang`: the language the editor says the file is in (the viewers' track name). */
export async function uploadSubtitles(videoId: string, vtt: string, lang: SubtitleLanguage): Promise<string> {
  return (await api.post<Envelope<{ subtitlesUploadId: string }>>(`${mediaPath(videoId)}/subtitles`, { vtt, lang })).data.data.subtitlesUploadId;
}

/** 8 MiB a PATCH: a dropped connection costs at most this much, and no request runs for long on a slow uplink. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** The server's `{message}` of a failed tus request, or tus-js-client's own text. */
function uploadErrorMessage(error: Error): string {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  if (body) {
    try {
      const message = (JSON.parse(body) as { message?: unknown }).message;
      if (typeof message === 'string' && message) return message;
    } catch {
      // not JSON: fall through
    }
  }
  return 'The upload failed. Check your connection and press Resume.';
}

/**
 * A resumable upload of `file` for the episode. tus-js-client (loaded on demand: only the studio needs it) remembers
 * the upload by file in localStorage, so choosing the same file again, even after a reload, carries on where it
 * stopped. Every request carries the `key` header and the current Bearer token (read afresh: a long upload may
 * outlive a token that the API client renews meanwhile).
 */
export async function createVideoUpload(
  videoId: string,
  file: File,
  events: { onProgress: (sent: number, total: number) => void; onSuccess: (uploadId: string) => void; onError: (message: string) => void },
): Promise<VideoUploadHandle> {
  const { Upload } = await import('tus-js-client');
  const upload = new Upload(file, {
    endpoint: VIDEO_UPLOAD_PATH,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000, 10_000],
    metadata: { episodeId: videoId, filename: file.name, filetype: file.type || 'application/octet-stream' },
    removeFingerprintOnSuccess: true,
    onBeforeRequest: (req) => {
      req.setHeader('key', publicEnv.NEXT_PUBLIC_API_KEY ?? '');
      const token = readToken();
      if (token) req.setHeader('Authorization', `Bearer ${token}`);
    },
    onProgress: events.onProgress,
    onError: (error) => events.onError(uploadErrorMessage(error)),
    onSuccess: () => {
      const id = upload.url?.split('/').pop();
      if (id) events.onSuccess(id);
      else events.onError('The upload finished without an id. Please try again.');
    },
  });
  // A fingerprint match is this same file's unfinished upload: resume it rather than send it all again.
  const previous = await upload.findPreviousUploads().catch(() => []);
  const mine = previous.find((p) => p.metadata?.episodeId === videoId);
  if (mine) upload.resumeFromPreviousUpload(mine);
  return { start: () => upload.start(), pause: () => upload.abort() };
}
