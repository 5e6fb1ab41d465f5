'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { PublishControls } from '@/components/studio/forms/PublishControls';
import { buttonClass } from '@/components/ui/styles';
import { studioErrorMessage } from '@/lib/api/studio';
import { createTitle, deleteTitle, fetchTaxonomy, fetchTitle, publishTitle, saveTitle } from '@/lib/api/studio-titles';
import type { StudioTitle, Taxonomy } from '@/lib/contracts/studio-titles';
import { EpisodesEditor } from './EpisodesEditor';
import { SeasonsEditor } from './SeasonsEditor';
import { TitleForm } from './TitleForm';
import { TrailerPanel } from './TrailerPanel';
import { studioHref, studioTitleHref } from '@/lib/routes';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; taxonomy: Taxonomy; title: StudioTitle | null };

/**
 * /studio/titles/new and /studio/titles/{id}: the title form, then (once the title exists) its publish controls,
 * trailer, seasons and episodes. A new title is saved as a draft and the page moves to its own address.
 */
export function TitleEditor({ id }: { id?: string }) {
  const router = useRouter();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [taxonomy, title] = await Promise.all([fetchTaxonomy(), id ? fetchTitle(id) : Promise.resolve(null)]);
      setState({ kind: 'ready', taxonomy, title });
    } catch (err) {
      setState({ kind: 'error', message: studioErrorMessage(err) });
    }
  }, [id]);

  useEffect(() => {
    // A fetch on mount: the studio's data is per editor and never prerendered.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const reload = useCallback(async () => {
    if (!id) return;
    const title = await fetchTitle(id);
    setState((s) => (s.kind === 'ready' ? { ...s, title } : s));
  }, [id]);

  if (state.kind === 'loading') {
    return (
      <p role="status" className="py-10 text-fg-muted">
        Loading…
      </p>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className="flex flex-col items-start gap-3 py-10">
        <p role="alert" className="text-red-300">
          {state.message}
        </p>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void load()}>
          Try again
        </button>
      </div>
    );
  }

  const { title, taxonomy } = state;
  const remove = async () => {
    if (!title || !window.confirm(`Delete “${title.name}” with all its episodes? This cannot be undone.`)) return;
    setDeleteError(null);
    try {
      await deleteTitle(title.id);
      router.push(studioHref('titles'));
    } catch (err) {
      setDeleteError(studioErrorMessage(err));
    }
  };

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <Link href={studioHref('titles')} className="text-sm text-fg-muted hover:text-fg">
            ← All titles
          </Link>
          <h1 className="mt-1 truncate font-display text-2xl font-bold md:text-3xl">{title ? title.name : 'New title'}</h1>
        </div>
        {title?.status === 'published' ? (
          <a href={title.publicPath} target="_blank" rel="noreferrer" className={buttonClass('ghost', 'sm')}>
            View on the site
          </a>
        ) : null}
      </div>

      {title ? (
        <section aria-labelledby="publish-heading" className="rounded-2xl border border-white/10 bg-ink-900 p-4">
          <h2 id="publish-heading" className="mb-3 font-display text-xl font-bold">
            Publishing
          </h2>
          <PublishControls
            key={`${title.status}-${title.publishedAt}`}
            what="the title"
            status={title.status}
            at={title.publishedAt}
            onPublish={async (body) => {
              const updated = await publishTitle(title.id, body);
              setState({ kind: 'ready', taxonomy, title: updated });
            }}
          />
        </section>
      ) : null}

      <section aria-labelledby="details-heading" className="flex flex-col gap-4">
        <h2 id="details-heading" className="font-display text-xl font-bold">
          Details
        </h2>
        <TitleForm
          key={title?.id ?? 'new'}
          title={title ?? undefined}
          taxonomy={taxonomy}
          onSubmit={async (body) => {
            if (!title) {
              const created = await createTitle(body);
              router.replace(studioTitleHref(created.id));
              return;
            }
            const updated = await saveTitle(title.id, body);
            setState({ kind: 'ready', taxonomy, title: updated });
          }}
        />
      </section>

      {title ? (
        <>
          <TrailerPanel titleId={title.id} trailer={title.trailer} onChanged={reload} />
          <SeasonsEditor titleId={title.id} seasons={title.seasons} onChanged={reload} />
          <EpisodesEditor titleId={title.id} episodes={title.episodes} seasons={title.seasons} onChanged={reload} />
          <section aria-labelledby="danger-heading" className="rounded-2xl border border-red-500/30 p-4">
            <h2 id="danger-heading" className="font-display text-lg font-bold">
              Delete title
            </h2>
            <p className="mt-1 text-sm text-fg-muted">Only possible while no viewer has paid for any of its episodes; otherwise unpublish it.</p>
            <button type="button" className={buttonClass('ghost', 'sm', 'mt-3 text-red-300 hover:text-red-200')} onClick={() => void remove()}>
              Delete title
            </button>
            {deleteError ? (
              <p role="alert" className="mt-2 text-sm text-red-300">
                {deleteError}
              </p>
            ) : null}
          </section>
        </>
      ) : (
        <p className="text-sm text-fg-muted">Save the title first; then add its trailer, seasons and episodes and publish it.</p>
      )}
    </div>
  );
}
