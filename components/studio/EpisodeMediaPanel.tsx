'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { ProgressBar } from '@/components/studio/media/ProgressBar';
import { useEpisodeMedia } from '@/components/studio/media/use-episode-media';
import { describedBy, ErrorAlert, Field, inputClass } from '@/components/studio/forms/fields';
import { buttonClass } from '@/components/ui/styles';
import { errorCode } from '@/lib/api/errors';
import { studioErrorMessage } from '@/lib/api/studio';
import { createVideoUpload, deleteRejectedUpload, retryEpisodeIngest, startEpisodeIngest, uploadSubtitles } from '@/lib/api/studio-media';
import type { VideoUploadHandle } from '@/lib/contracts/studio-media';
import { isVideoFileName, isWebVtt, MAX_SUBTITLES_CHARS, SUBTITLE_LANGUAGES, VIDEO_ACCEPT, type MediaStatus, type SubtitleLanguage } from '@/lib/contracts/studio-media';

/**
 * The episode's video: choose a file (and optional WebVTT subtitles), upload it resumably (tus: pause, resume, and
 * choosing the same file again after a reload carries on), then follow the background ingest live (stage and percent,
 * polled every second) to 'Ready', or see ffmpeg's reason for a failure and retry. Subtitles need their language
 * (viewers see it as the track's name; every file used to be packaged as English).
 */

/** The choices, Filipino first: most of the catalogue's subtitles are in Filipino (Tagalog). */
const LANGUAGE_CHOICES: { code: SubtitleLanguage; label: string }[] = (Object.keys(SUBTITLE_LANGUAGES) as SubtitleLanguage[]).map((code) => ({
  code,
  label: code === 'fil' ? 'Filipino (Tagalog)' : SUBTITLE_LANGUAGES[code],
}));

const STAGE_LABEL: Record<string, string> = {
  queued: 'Waiting to start',
  probing: 'Reading the file',
  transcoding: 'Transcoding',
  encrypting: 'Encrypting',
  finishing: 'Finishing',
};

const STATUS_TEXT: Record<MediaStatus, string> = {
  pending: 'No video yet',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

type Upload = { phase: 'uploading' | 'paused'; sent: number; total: number } | { phase: 'starting' } | null;

function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** `canDeleteUploads`: an admin, who may delete a finished upload the ingest refused as not a video. */
export function EpisodeMediaPanel({ videoId, mediaStatus, onChanged, canDeleteUploads = false }: { videoId: string; mediaStatus: MediaStatus; onChanged?: () => void; canDeleteUploads?: boolean }) {
  const formId = useId();
  const { view, show, loadError } = useEpisodeMedia(videoId, onChanged);
  const [video, setVideo] = useState<File | null>(null);
  const [subtitles, setSubtitles] = useState<File | null>(null);
  const [subtitlesLang, setSubtitlesLang] = useState<SubtitleLanguage | ''>('');
  const [errors, setErrors] = useState<{ video?: string; subtitles?: string; subtitlesLang?: string; form?: string }>({});
  const [upload, setUpload] = useState<Upload>(null);
  const [retrying, setRetrying] = useState(false);
  // A finished upload the server refused as not a video: kept by tus until deleted, or removed after a day.
  const [rejectedUpload, setRejectedUpload] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const handle = useRef<VideoUploadHandle | null>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const subtitlesInput = useRef<HTMLInputElement>(null);

  // An upload in flight stops when the panel goes (another episode opened); choosing the file again resumes it.
  useEffect(() => () => void handle.current?.pause(), []);

  const status = view?.mediaStatus ?? mediaStatus;
  const ingest = view?.ingest ?? null;
  const ingesting = ingest?.state === 'queued' || ingest?.state === 'running';
  const busy = upload !== null || ingesting || retrying;

  function chooseVideo(file: File | null) {
    setVideo(file);
    setErrors((e) => ({ ...e, video: file && !isVideoFileName(file.name) && !file.type.startsWith('video/') ? 'Choose a video file (MP4, MOV, MKV, WebM, AVI or MPEG-TS).' : undefined, form: undefined }));
  }

  function chooseSubtitles(file: File | null) {
    setSubtitles(file);
    setErrors((e) => ({ ...e, subtitles: file && !/\.vtt$/i.test(file.name) ? 'Choose a WebVTT (.vtt) file.' : undefined, form: undefined }));
  }

  async function begin(uploadId: string) {
    setUpload({ phase: 'starting' });
    try {
      let subtitlesUploadId: string | undefined;
      if (subtitles) {
        const text = await subtitles.text();
        if (!isWebVtt(text) || text.length > MAX_SUBTITLES_CHARS) {
          setErrors((e) => ({ ...e, subtitles: !isWebVtt(text) ? 'This file is not WebVTT (it must start with WEBVTT).' : 'The subtitles file is too large (at most 512 KB).' }));
          setUpload(null);
          return;
        }
        subtitlesUploadId = await uploadSubtitles(videoId, text, subtitlesLang as SubtitleLanguage);
      }
      show(await startEpisodeIngest(videoId, { uploadId, subtitlesUploadId }));
      handle.current = null;
      setVideo(null);
      setSubtitles(null);
      setSubtitlesLang('');
      if (videoInput.current) videoInput.current.value = '';
      if (subtitlesInput.current) subtitlesInput.current.value = '';
      onChanged?.();
    } catch (err) {
      setErrors((e) => ({ ...e, form: studioErrorMessage(err) }));
      if (errorCode(err) === 'E_VALIDATION') setRejectedUpload(uploadId);
    } finally {
      setUpload(null);
    }
  }

  async function deleteRejected() {
    if (!rejectedUpload) return;
    setDeleting(true);
    try {
      await deleteRejectedUpload(videoId, rejectedUpload);
      setRejectedUpload(null);
      setErrors((e) => ({ ...e, form: undefined }));
      setNotice('The upload was deleted.');
    } catch (err) {
      setErrors((e) => ({ ...e, form: studioErrorMessage(err) }));
    } finally {
      setDeleting(false);
    }
  }

  async function startUpload() {
    if (!video) {
      setErrors((e) => ({ ...e, video: 'Choose a video file first.' }));
      return;
    }
    if (subtitles && !subtitlesLang) {
      setErrors((e) => ({ ...e, subtitlesLang: 'Choose the language of the subtitles.' }));
      return;
    }
    if (errors.video || errors.subtitles) return;
    setErrors({});
    setRejectedUpload(null);
    setNotice(null);
    setUpload({ phase: 'uploading', sent: 0, total: video.size });
    try {
      handle.current = await createVideoUpload(videoId, video, {
        onProgress: (sent, total) => setUpload((u) => (u && u.phase !== 'starting' ? { ...u, sent, total } : u)),
        onSuccess: (uploadId) => void begin(uploadId),
        onError: (message) => {
          setUpload((u) => (u && u.phase !== 'starting' ? { ...u, phase: 'paused' } : u));
          setErrors((e) => ({ ...e, form: message }));
        },
      });
      handle.current.start();
    } catch (err) {
      setUpload(null);
      setErrors((e) => ({ ...e, form: studioErrorMessage(err) }));
    }
  }

  async function pause() {
    await handle.current?.pause();
    setUpload((u) => (u && u.phase === 'uploading' ? { ...u, phase: 'paused' } : u));
  }

  function resume() {
    setErrors((e) => ({ ...e, form: undefined }));
    setUpload((u) => (u && u.phase === 'paused' ? { ...u, phase: 'uploading' } : u));
    handle.current?.start();
  }

  async function retry() {
    setRetrying(true);
    setErrors({});
    try {
      show(await retryEpisodeIngest(videoId));
      onChanged?.();
    } catch (err) {
      setErrors({ form: studioErrorMessage(err) });
    } finally {
      setRetrying(false);
    }
  }

  const headingId = `${formId}-heading`;
  return (
    <section aria-labelledby={headingId} data-video-id={videoId} className="flex flex-col gap-4 rounded-2xl border border-white/10 bg-ink-900/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-fg">
          Video
        </h3>
        <p className="text-sm text-fg-muted" aria-live="polite">
          {status === 'ready' && !ingesting ? (
            <span className="font-semibold text-emerald-300">Ready</span>
          ) : (
            STATUS_TEXT[status]
          )}
          {status === 'ready' && view && view.durationSeconds > 0 ? ` · ${formatDuration(view.durationSeconds)}` : ''}
          {status === 'ready' && view?.hasSubtitles ? ' · subtitles' : ''}
        </p>
      </div>

      {loadError ? <p className="text-sm text-red-300">{loadError}</p> : null}

      {ingesting && ingest ? (
        <div aria-live="polite">
          <ProgressBar label="Processing the video" percent={ingest.percent} detail={STAGE_LABEL[ingest.stage] ?? ingest.stage} />
          <p className="mt-1 text-xs text-fg-muted">You can leave this page: processing carries on in the background.</p>
        </div>
      ) : null}

      {ingest?.state === 'failed' ? (
        <div role="alert" className="flex flex-col gap-2 rounded-xl border border-red-400/30 bg-red-500/10 p-3">
          <p className="text-sm font-semibold text-red-200">Processing failed</p>
          <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-words text-xs text-red-100">{ingest.error ?? 'No reason was given.'}</pre>
          <div>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void retry()} disabled={busy}>
              {retrying ? 'Retrying…' : 'Retry'}
            </button>
          </div>
        </div>
      ) : null}

      {upload && upload.phase !== 'starting' ? (
        <div className="flex flex-col gap-2">
          <ProgressBar label="Uploading" percent={upload.total ? (upload.sent / upload.total) * 100 : 0} detail={upload.phase === 'paused' ? 'Paused' : undefined} />
          <div className="flex gap-2">
            {upload.phase === 'uploading' ? (
              <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void pause()}>
                Pause
              </button>
            ) : (
              <button type="button" className={buttonClass('primary', 'sm')} onClick={resume}>
                Resume
              </button>
            )}
          </div>
        </div>
      ) : null}
      {upload?.phase === 'starting' ? <p className="text-sm text-fg-muted">Upload complete. Starting processing…</p> : null}

      {!ingesting ? (
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            void startUpload();
          }}
          noValidate
        >
          <Field formId={formId} name="video" label="Video file" error={errors.video} hint={status === 'ready' ? 'A new file replaces the current video once it is ready.' : 'MP4, MOV, MKV, WebM, AVI or MPEG-TS, up to 2 GB.'}>
            <input
              ref={videoInput}
              type="file"
              accept={VIDEO_ACCEPT}
              className={inputClass}
              disabled={upload !== null}
              onChange={(e) => chooseVideo(e.target.files?.[0] ?? null)}
              {...describedBy(formId, 'video', errors.video)}
            />
          </Field>
          <Field formId={formId} name="subtitles" label="Subtitles (optional)" error={errors.subtitles} hint="A WebVTT (.vtt) file.">
            <input
              ref={subtitlesInput}
              type="file"
              accept=".vtt,text/vtt"
              className={inputClass}
              disabled={upload !== null}
              onChange={(e) => chooseSubtitles(e.target.files?.[0] ?? null)}
              {...describedBy(formId, 'subtitles', errors.subtitles)}
            />
          </Field>
          {subtitles ? (
            <Field formId={formId} name="subtitlesLang" label="Subtitles language" error={errors.subtitlesLang} hint="Viewers see this name on the subtitles track." className="sm:col-start-2">
              <select
                className={inputClass}
                value={subtitlesLang}
                disabled={upload !== null}
                onChange={(e) => {
                  setSubtitlesLang(e.target.value as SubtitleLanguage | '');
                  setErrors((x) => ({ ...x, subtitlesLang: undefined }));
                }}
                {...describedBy(formId, 'subtitlesLang', errors.subtitlesLang)}
              >
                <option value="">Choose a language…</option>
                {LANGUAGE_CHOICES.map(({ code, label }) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass('primary', 'sm')} disabled={upload !== null || !video}>
              {status === 'ready' ? 'Upload new video' : 'Upload video'}
            </button>
          </div>
        </form>
      ) : null}

      <ErrorAlert message={errors.form} />
      {rejectedUpload ? (
        canDeleteUploads ? (
          <div>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void deleteRejected()} disabled={deleting}>
              {deleting ? 'Deleting…' : 'Delete this upload'}
            </button>
          </div>
        ) : (
          <p className="text-xs text-fg-muted">The refused file is removed after a day, or an admin can delete it now.</p>
        )
      ) : null}
      {notice ? (
        <p className="text-sm text-fg-muted" role="status">
          {notice}
        </p>
      ) : null}
    </section>
  );
}
