'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import clsx from 'clsx';
import { ErrorAlert, inputClass } from '@/components/studio/forms/fields';
import { ImageUpload } from '@/components/studio/forms/ImageUpload';
import { MoveButtons, SortableList } from '@/components/studio/forms/SortableList';
import { buttonClass } from '@/components/ui/styles';
import { isCanceled } from '@/lib/api/errors';
import { studioErrorMessage } from '@/lib/api/studio';
import { createBanner, deleteBanner, fetchBanners, fetchTitles, reorderBanners, updateBanner } from '@/lib/api/studio-titles';
import type { StudioBanner, StudioTitleSummary } from '@/lib/contracts/studio-titles';

/** /studio/banners: the home carousel's banners in order (drag or Move up / Move down), on or off, added for a title, deleted. */
export function BannerManager() {
  const [banners, setBanners] = useState<StudioBanner[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () =>
    fetchBanners().then(
      (list) => {
        setBanners(list);
        setLoadError(null);
      },
      (err: unknown) => setLoadError(studioErrorMessage(err)),
    );

  useEffect(() => {
    void load();
  }, []);

  const run = async (fn: () => Promise<StudioBanner[]>, optimistic?: StudioBanner[]) => {
    const before = banners;
    if (optimistic) setBanners(optimistic);
    setBusy(true);
    setError(null);
    try {
      setBanners(await fn());
    } catch (err) {
      setBanners(before);
      setError(studioErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const reorder = (ids: string[]) => {
    const byId = new Map((banners ?? []).map((b) => [b.id, b]));
    void run(() => reorderBanners(ids), ids.map((id) => byId.get(id)!));
  };

  return (
    <div className="flex flex-col gap-6">
      <h1 className="font-display text-2xl font-bold md:text-3xl">Banners</h1>
      <p className="-mt-4 text-sm text-fg-muted">The home page carousel shows the active banners in this order.</p>
      {loadError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-red-300">
            {loadError}
          </p>
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void load()}>
            Try again
          </button>
        </div>
      ) : !banners ? (
        <p role="status" className="text-fg-muted">
          Loading banners…
        </p>
      ) : banners.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-white/15 p-8 text-center text-fg-muted">No banners yet: the carousel is hidden until you add one.</p>
      ) : (
        <SortableList items={banners} label="Banners" itemLabel={(b) => `banner ${b.titleName}`} disabled={busy} onReorder={reorder}>
          {(b, controls) => (
            <div className="flex flex-wrap items-center gap-3 p-2 sm:flex-nowrap">
              {controls.handle}
              <span className="aspect-video w-28 shrink-0 overflow-hidden rounded-lg bg-ink-950">
                {b.imageUrl ? (
                  // eslint-disable-next-line @next/next/no-img-element -- studio preview
                  <img src={b.imageUrl} alt="" width={112} height={63} loading="lazy" className="size-full object-cover" />
                ) : null}
              </span>
              <span className={clsx('min-w-0 flex-1 truncate text-sm font-semibold', !b.isActive && 'text-fg-muted line-through')}>{b.titleName}</span>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" className="size-5 accent-kilig-500" checked={b.isActive} disabled={busy} onChange={(e) => void run(() => updateBanner(b.id, { isActive: e.target.checked }))} />
                Active
                <span className="sr-only"> {b.titleName}</span>
              </label>
              <MoveButtons name={`banner ${b.titleName}`} controls={controls} disabled={busy} />
              <button
                type="button"
                className={buttonClass('ghost', 'sm', 'text-red-300 hover:text-red-200')}
                disabled={busy}
                onClick={() => window.confirm(`Remove the banner of ${b.titleName}?`) && void run(() => deleteBanner(b.id))}
              >
                Delete<span className="sr-only"> banner {b.titleName}</span>
              </button>
            </div>
          )}
        </SortableList>
      )}
      <ErrorAlert message={error} />
      {banners ? <AddBanner disabled={busy} onAdd={(titleId, image) => run(() => createBanner(titleId, image))} /> : null}
    </div>
  );
}

function AddBanner({ disabled, onAdd }: { disabled: boolean; onAdd: (titleId: string, image: string) => Promise<unknown> }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [titles, setTitles] = useState<StudioTitleSummary[]>([]);
  const [titleId, setTitleId] = useState('');
  const [image, setImage] = useState({ path: '', url: '' });
  const [imageUploading, setImageUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      fetchTitles({ q: q.trim() || undefined, limit: 50 }, ctrl.signal).then(
        (page) => setTitles(page.items),
        (err: unknown) => !isCanceled(err) && setError(studioErrorMessage(err)),
      );
    }, 250);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [q]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (imageUploading) return;
    if (!titleId) return setError('Choose a title');
    setError(null);
    await onAdd(titleId, image.path);
    setTitleId('');
    setImage({ path: '', url: '' });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a banner" className="flex flex-col gap-4 rounded-2xl border border-white/10 bg-ink-900 p-4">
      <h2 className="font-display text-lg font-bold">Add a banner</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${id}-q`}>
          Find a title
          <input id={`${id}-q`} type="search" className={inputClass} value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${id}-title`}>
          Title
          <select
            id={`${id}-title`}
            className={inputClass}
            value={titleId}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setTitleId(e.target.value);
              setError(null);
            }}
          >
            <option value="">Choose a title…</option>
            {titles.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
                {t.status !== 'published' ? ` (${t.status})` : ''}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ImageUpload
        kind="banner"
        label="Banner image (optional: the title's banner otherwise)"
        previewUrl={image.url}
        onChange={(path, url) => setImage({ path, url })}
        onBusyChange={setImageUploading}
      />
      <ErrorAlert message={error} id={`${id}-error`} />
      <div>
        {/* Added while its image uploads, the banner would show the title's own banner instead (issue 22). */}
        <button type="submit" className={buttonClass('primary', 'md')} disabled={disabled || imageUploading}>
          {imageUploading ? 'Uploading banner…' : 'Add banner'}
        </button>
      </div>
    </form>
  );
}
