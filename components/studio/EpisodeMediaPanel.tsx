'use client';

/**
 * The episode's video: upload (tus, resumable), live ingest progress, failure reason and retry, subtitles.
 * Placeholder interface, owned by the ingest work: the episode editor renders it with the episode's id and status.
 */
export function EpisodeMediaPanel({ videoId, mediaStatus }: { videoId: string; mediaStatus: 'pending' | 'processing' | 'ready' | 'failed'; onChanged?: () => void }) {
  return (
    <section aria-label="Video file" data-video-id={videoId} className="rounded-2xl border border-white/10 p-4 text-sm text-fg-muted">
      Video: {mediaStatus}
    </section>
  );
}
