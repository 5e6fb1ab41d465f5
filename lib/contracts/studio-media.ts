import { z } from 'zod';
import { isId } from '@/lib/ids';

/**
 * An episode's video in the studio (api/admin/uploads, api/admin/episodes/[id]/media…): the schemas and checks the
 * handlers and the media panel share.
 */

/** Where the tus server listens (the browser's tus-js-client endpoint). */
export const VIDEO_UPLOAD_PATH = '/api/admin/uploads';
/** tus upload ids: 32 hex (lib/server/studio/uploads.ts names them). */
export const UPLOAD_ID_RE = /^[0-9a-f]{32}$/;

export const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'mkv', 'webm', 'avi', 'ts', 'mts'] as const;
/** The file input's `accept`: by type, and by extension for browsers that give .mkv/.ts no video type. */
export const VIDEO_ACCEPT = ['video/*', ...VIDEO_EXTENSIONS.map((e) => `.${e}`)].join(',');
export const isVideoFileName = (name: string) => new RegExp(`\\.(${VIDEO_EXTENSIONS.join('|')})$`, 'i').test(name);

/** Subtitles arrive in one JSON request; a long drama's WebVTT is well under this. */
export const MAX_SUBTITLES_CHARS = 512 * 1024;
/** A WebVTT file starts with 'WEBVTT' (after an optional byte-order mark), then a space, tab or line end. */
export const isWebVtt = (text: string) => /^\uFEFF?WEBVTT(?:[ \t]|\r?\n|\r|$)/.test(text);

const idSchema = z.string().trim().refine(isId, 'must be a 24-hex id');
export const episodeParamsSchema = z.object({ id: idSchema });
export const episodeUploadParamsSchema = episodeParamsSchema.extend({ uploadId: z.string().trim().regex(UPLOAD_ID_RE, 'must be a tus upload id') });

export const startIngestSchema = z.object({
  uploadId: z.string().trim().regex(UPLOAD_ID_RE, 'must be a tus upload id'),
  subtitlesUploadId: idSchema.optional(),
});
export type StartIngestInput = z.infer<typeof startIngestSchema>;

/**
 * The languages an uploaded subtitles file may be in, by BCP 47 code, with the name viewers see on the track (the HLS
 * NAME, the DASH Label). The studio asks which one on upload: before issue 22 every file was packaged as English.
 */
export const SUBTITLE_LANGUAGES = { fil: 'Filipino', en: 'English', ceb: 'Cebuano', ilo: 'Ilocano' } as const;
export type SubtitleLanguage = keyof typeof SUBTITLE_LANGUAGES;
export const SUBTITLE_LANGUAGE_CODES = Object.keys(SUBTITLE_LANGUAGES) as [SubtitleLanguage, ...SubtitleLanguage[]];

export const subtitlesUploadSchema = z.object({
  lang: z.enum(SUBTITLE_LANGUAGE_CODES, 'Choose the language of the subtitles.'),
  vtt: z.string().max(MAX_SUBTITLES_CHARS, 'Subtitles file is too large (at most 512 KB).').refine(isWebVtt, 'Subtitles must be a WebVTT file (it starts with WEBVTT).'),
});

export const MEDIA_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];
export type IngestState = 'queued' | 'running' | 'ready' | 'failed';
/** What the progress call answers: the episode's media status and its latest ingest. */
export type EpisodeMediaView = {
  mediaStatus: MediaStatus;
  durationSeconds: number;
  hasSubtitles: boolean;
  ingest: { id: string; state: IngestState; stage: string; percent: number; error: string | null; updatedAt: string } | null;
};

// ---- answers and bodies of the studio-media calls (lib/api/studio-media.ts) ----


/**
 * The episode media calls of the studio: the resumable video upload (tus-js-client against api/admin/uploads), the
 * subtitles upload, starting and retrying the ingest, and its progress.
 */


export type VideoUploadHandle = { start: () => void; pause: () => Promise<void> };
