'use client';

import { useState } from 'react';
import { EpisodeMediaPanel } from '@/components/studio/EpisodeMediaPanel';
import { isAdmin, useStudioUser } from '@/components/studio/StudioShell';
import { ErrorAlert } from '@/components/studio/forms/fields';
import { PublishControls } from '@/components/studio/forms/PublishControls';
import { buttonClass } from '@/components/ui/styles';
import { studioErrorMessage } from '@/lib/api/studio';
import { createTrailer, deleteEpisode, publishEpisode, updateEpisode } from '@/lib/api/studio-titles';
import type { StudioEpisode } from '@/lib/contracts/studio-titles';
import { EpisodeForm } from './EpisodeForm';

/** The title's trailer (episode 0, free): add it, then its title, publish state and video, or remove it. */
export function TrailerPanel({ titleId, trailer, onChanged }: { titleId: string; trailer: StudioEpisode | null; onChanged: () => Promise<unknown> }) {
  const admin = isAdmin(useStudioUser());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      await onChanged();
    } catch (err) {
      setError(studioErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="trailer-heading" className="flex flex-col gap-3">
      <h2 id="trailer-heading" className="font-display text-xl font-bold">
        Trailer
      </h2>
      {trailer ? (
        <div className="flex flex-col gap-5 rounded-2xl border border-white/10 bg-ink-900 p-4">
          <EpisodeForm
            key={trailer.id}
            episode={trailer}
            seasons={[]}
            label="Edit the trailer"
            submitLabel="Save trailer"
            onSubmit={async ({ title, description }) => {
              await updateEpisode(trailer.id, { title, description });
              await onChanged();
            }}
          />
          <PublishControls what="the trailer" status={trailer.status} at={trailer.publishAt} compact onPublish={(body) => run(() => publishEpisode(trailer.id, body))} />
          <EpisodeMediaPanel videoId={trailer.id} mediaStatus={trailer.mediaStatus} onChanged={() => void onChanged()} canDeleteUploads={admin} />
          <div>
            <button
              type="button"
              disabled={busy}
              className={buttonClass('ghost', 'sm', 'text-red-300 hover:text-red-200')}
              onClick={() => window.confirm('Delete the trailer and its video?') && void run(() => deleteEpisode(trailer.id))}
            >
              Delete trailer
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-fg-muted">No trailer yet.</p>
          <button type="button" className={buttonClass('secondary', 'sm')} disabled={busy} onClick={() => void run(() => createTrailer(titleId))}>
            Add trailer
          </button>
        </div>
      )}
      <ErrorAlert message={error} />
    </section>
  );
}
