'use client';

import { useId, useState } from 'react';
import clsx from 'clsx';
import { studioErrorMessage } from '@/lib/api/studio';
import { uploadImage } from '@/lib/api/studio-titles';
import { MAX_IMAGE_BYTES, type ImageKind } from '@/lib/contracts/studio-titles';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Poster (9:16) or banner (16:9) upload with a preview: the file goes to the server at once, which resizes it and
 * answers the path the title keeps; `onChange` gets that path (the form saves it with the rest). `onBusyChange` tells
 * the form while a file is on its way, so it does not save without it.
 */
export function ImageUpload({
  kind,
  label,
  previewUrl,
  onChange,
  error,
  inputId,
  onBusyChange,
}: {
  kind: ImageKind;
  label: string;
  previewUrl: string;
  onChange: (path: string, url: string) => void;
  error?: string;
  inputId?: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  const auto = useId();
  const id = inputId ?? auto;
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shown = uploadError ?? error;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!ACCEPT.split(',').includes(file.type)) return setUploadError('Choose a JPEG, PNG or WebP image.');
    if (file.size > MAX_IMAGE_BYTES) return setUploadError('The image is larger than 10 MB.');
    setBusy(true);
    onBusyChange?.(true);
    setUploadError(null);
    try {
      const image = await uploadImage(kind, file);
      onChange(image.path, image.url);
    } catch (err) {
      setUploadError(studioErrorMessage(err));
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-fg">
        {label}
      </label>
      <div className={clsx('overflow-hidden rounded-xl border border-white/10 bg-ink-950/60', kind === 'poster' ? 'aspect-[9/16] w-32' : 'aspect-video w-full max-w-sm')}>
        {previewUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- a preview of the uploaded file at its final URL
          <img src={previewUrl} alt={`${label} preview`} className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center p-2 text-center text-xs text-fg-subtle">No image yet</span>
        )}
      </div>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        disabled={busy}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : `${id}-hint`}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
        className="text-xs text-fg-muted file:mr-3 file:min-h-9 file:rounded-full file:border-0 file:bg-white/10 file:px-4 file:text-sm file:font-semibold file:text-fg hover:file:bg-white/20"
      />
      <p id={`${id}-hint`} className="text-xs text-fg-muted" aria-live="polite">
        {busy ? 'Uploading…' : kind === 'poster' ? 'JPEG, PNG or WebP up to 10 MB; cropped to 9:16.' : 'JPEG, PNG or WebP up to 10 MB; cropped to 16:9.'}
      </p>
      {shown ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-300">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
