'use client';

import { useState } from 'react';
import clsx from 'clsx';
import { EpisodeMediaPanel } from '@/components/studio/EpisodeMediaPanel';
import { isAdmin, useStudioUser } from '@/components/studio/StudioShell';
import { ErrorAlert } from '@/components/studio/forms/fields';
import { PublishControls } from '@/components/studio/forms/PublishControls';
import { MoveButtons, SortableList } from '@/components/studio/forms/SortableList';
import { StatusBadge } from '@/components/studio/forms/StatusBadge';
import { buttonClass } from '@/components/ui/styles';
import { studioErrorMessage } from '@/lib/api/studio';
import { createEpisode, deleteEpisode, publishEpisode, reorderEpisodes, updateEpisode } from '@/lib/api/studio-titles';
import type { StudioEpisode, StudioSeason } from '@/lib/contracts/studio-titles';
import { EpisodeForm } from './EpisodeForm';

const MEDIA_LABEL: Record<StudioEpisode['mediaStatus'], string> = { pending: 'No video yet', processing: 'Processing video', ready: 'Video ready', failed: 'Video failed' };

const episodeName = (e: StudioEpisode) => `Episode ${e.episodeNumber}`;

/**
 * A title's episodes: drag (or Move up / Move down) to reorder, which renumbers them 1..n on the server; each opens
 * to its fields, publish state and video; an add form at the end. `onChanged` reloads the title.
 */
export function EpisodesEditor({ titleId, episodes, seasons, onChanged }: { titleId: string; episodes: StudioEpisode[]; seasons: StudioSeason[]; onChanged: () => Promise<unknown> }) {
  const admin = isAdmin(useStudioUser());
  const [order, setOrder] = useState<StudioEpisode[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const list = order ?? episodes;
  const nextNumber = episodes.reduce((n, e) => Math.max(n, e.episodeNumber), 0) + 1;

  const reorder = async (ids: string[]) => {
    const byId = new Map(list.map((e) => [e.id, e]));
    setOrder(ids.map((id) => byId.get(id)!));
    setBusy(true);
    setError(null);
    try {
      await reorderEpisodes(titleId, ids);
      await onChanged();
      setAnnounce('Episode order saved.');
    } catch (err) {
      setError(studioErrorMessage(err));
    } finally {
      setOrder(null);
      setBusy(false);
    }
  };

  const remove = async (e: StudioEpisode) => {
    if (!window.confirm(`Delete ${episodeName(e)}${e.title ? ` (${e.title})` : ''}? Its video is deleted too.`)) return;
    setError(null);
    try {
      await deleteEpisode(e.id);
      await onChanged();
      setAnnounce(`${episodeName(e)} deleted.`);
    } catch (err) {
      setError(studioErrorMessage(err));
    }
  };

  return (
    <section aria-labelledby="episodes-heading" className="flex flex-col gap-4">
      <h2 id="episodes-heading" className="font-display text-xl font-bold">
        Episodes
      </h2>
      {list.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-white/15 p-6 text-center text-sm text-fg-muted">No episodes yet. Add the first one below.</p>
      ) : (
        <SortableList items={list} label="Episodes" itemLabel={episodeName} disabled={busy} onReorder={(ids) => void reorder(ids)}>
          {(e, controls) => {
            const expanded = open === e.id;
            return (
              <div>
                <div className="flex flex-wrap items-center gap-2 p-2 sm:flex-nowrap">
                  {controls.handle}
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-semibold">
                      {episodeName(e)}
                      {e.title ? <span className="font-normal text-fg-muted"> · {e.title}</span> : null}
                    </p>
                    <p className="flex flex-wrap items-center gap-2 pt-1 text-xs text-fg-muted">
                      <StatusBadge status={e.status} at={e.publishAt} />
                      <span className={clsx(e.mediaStatus === 'failed' && 'text-red-300', e.mediaStatus === 'ready' && 'text-emerald-300')}>{MEDIA_LABEL[e.mediaStatus]}</span>
                      <span>{e.isPremium ? `Premium · ${e.coinPrice} coins` : 'Free'}</span>
                    </p>
                  </div>
                  <MoveButtons name={episodeName(e)} controls={controls} disabled={busy} />
                  <button type="button" className={buttonClass('ghost', 'sm')} aria-expanded={expanded} aria-controls={`episode-panel-${e.id}`} onClick={() => setOpen(expanded ? null : e.id)}>
                    {expanded ? 'Close' : 'Edit'}
                    <span className="sr-only"> {episodeName(e)}</span>
                  </button>
                </div>
                {expanded ? (
                  <div id={`episode-panel-${e.id}`} className="flex flex-col gap-5 border-t border-white/10 p-4">
                    <EpisodeForm
                      key={`${e.id}-${e.episodeNumber}`}
                      episode={e}
                      seasons={seasons}
                      label={`Edit ${episodeName(e)}`}
                      submitLabel="Save episode"
                      onSubmit={async (body) => {
                        await updateEpisode(e.id, body);
                        await onChanged();
                      }}
                    />
                    <PublishControls
                      what={episodeName(e)}
                      status={e.status}
                      at={e.publishAt}
                      compact
                      onPublish={async (body) => {
                        await publishEpisode(e.id, body);
                        await onChanged();
                      }}
                    />
                    <EpisodeMediaPanel videoId={e.id} mediaStatus={e.mediaStatus} onChanged={() => void onChanged()} canDeleteUploads={admin} />
                    <div>
                      <button type="button" className={buttonClass('ghost', 'sm', 'text-red-300 hover:text-red-200')} onClick={() => void remove(e)}>
                        Delete episode
                      </button>
                    </div>
                  </div>
                ) : null}
              </div>
            );
          }}
        </SortableList>
      )}
      <ErrorAlert message={error} />
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      <div className="rounded-2xl border border-white/10 bg-ink-900 p-4">
        <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-fg-muted">New episode</h3>
        <EpisodeForm
          key={nextNumber}
          nextNumber={nextNumber}
          seasons={seasons}
          label="Add an episode"
          submitLabel="Add episode"
          onSubmit={async (body) => {
            await createEpisode(titleId, body);
            await onChanged();
          }}
        />
      </div>
    </section>
  );
}
