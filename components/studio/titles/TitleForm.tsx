'use client';

import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/styles';
import { CheckboxGroup, describedBy, ErrorAlert, Field, inputClass } from '@/components/studio/forms/fields';
import { ImageUpload } from '@/components/studio/forms/ImageUpload';
import { errorCode } from '@/lib/api/errors';
import { studioErrorMessage } from '@/lib/api/studio';
import { createArtist } from '@/lib/api/studio-titles';
import type { Option, StudioTitle, Taxonomy } from '@/lib/contracts/studio-titles';
import { fieldErrors, fieldErrorsFromMessage, titleSchema, type TitleInput, type TitleType } from '@/lib/contracts/studio-titles';

type Values = {
  name: string;
  type: TitleType;
  description: string;
  releaseYear: string;
  isPremium: boolean;
  genreIds: string[];
  tagIds: string[];
  artistIds: string[];
  thumbnail: string;
  thumbnailUrl: string;
  banner: string;
  bannerUrl: string;
};

const initialValues = (t?: StudioTitle): Values => ({
  name: t?.name ?? '',
  type: t?.type ?? 'series',
  description: t?.description ?? '',
  releaseYear: String(t?.releaseYear ?? new Date().getFullYear()),
  isPremium: t?.isPremium ?? false,
  genreIds: t?.genreIds ?? [],
  tagIds: t?.tagIds ?? [],
  artistIds: t?.artistIds ?? [],
  thumbnail: t?.thumbnail ?? '',
  thumbnailUrl: t?.thumbnailUrl ?? '',
  banner: t?.banner ?? '',
  bannerUrl: t?.bannerUrl ?? '',
});

/** What the API takes, from the form's values: the same schema checks it here first. */
const toInput = (v: Values): TitleInput => ({
  name: v.name,
  type: v.type,
  description: v.description,
  releaseYear: v.releaseYear.trim() === '' ? Number.NaN : Number(v.releaseYear),
  isPremium: v.isPremium,
  genreIds: v.genreIds,
  tagIds: v.tagIds,
  artistIds: v.artistIds,
  thumbnail: v.thumbnail,
  banner: v.banner,
});

/**
 * The title form: name, type, description, year, premium, genres, tags (the fixed list), artists (or a new one by
 * name), poster and banner. Checked with the API's schema before sending; errors show by field, the server's too.
 */
export function TitleForm({ title, taxonomy, onSubmit }: { title?: StudioTitle; taxonomy: Taxonomy; onSubmit: (body: TitleInput) => Promise<unknown> }) {
  const formId = useId();
  const [values, setValues] = useState<Values>(() => initialValues(title));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [artists, setArtists] = useState<Option[]>(taxonomy.artists);
  const [newArtist, setNewArtist] = useState('');
  const [artistError, setArtistError] = useState<string | null>(null);
  // Images on their way to the server: saving now would save the title without them (issue 22), so Save waits.
  const [uploading, setUploading] = useState<{ poster: boolean; banner: boolean }>({ poster: false, banner: false });
  const uploadingLabel = uploading.banner ? 'Uploading banner…' : uploading.poster ? 'Uploading poster…' : null;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setSaved(false);
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (uploadingLabel) return;
    const parsed = titleSchema.safeParse(toInput(values));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await onSubmit(toInput(values));
      setSaved(true);
    } catch (err) {
      setErrors(errorCode(err) === 'E_VALIDATION' ? fieldErrorsFromMessage(studioErrorMessage(err)) : { _form: studioErrorMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  const addArtist = async () => {
    const name = newArtist.trim();
    if (!name) return setArtistError('Enter a name');
    const same = artists.find((a) => a.name.toLowerCase() === name.toLowerCase());
    if (same) {
      if (!values.artistIds.includes(same.id)) set('artistIds', [...values.artistIds, same.id]);
      setNewArtist('');
      return setArtistError(null);
    }
    try {
      const artist = await createArtist(name);
      setArtists((list) => [...list, artist].sort((a, b) => a.name.localeCompare(b.name)));
      set('artistIds', [...values.artistIds, artist.id]);
      setNewArtist('');
      setArtistError(null);
    } catch (err) {
      setArtistError(studioErrorMessage(err));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Title details" className="flex flex-col gap-5">
      <div className="grid gap-5 md:grid-cols-2">
        <Field formId={formId} name="name" label="Name" error={errors.name}>
          <input {...describedBy(formId, 'name', errors.name)} className={inputClass} value={values.name} maxLength={120} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field formId={formId} name="type" label="Type" error={errors.type}>
            <select {...describedBy(formId, 'type', errors.type)} className={inputClass} value={values.type} onChange={(e) => set('type', e.target.value as TitleType)}>
              <option value="series">Series</option>
              <option value="movie">Movie</option>
            </select>
          </Field>
          <Field formId={formId} name="releaseYear" label="Release year" error={errors.releaseYear}>
            <input {...describedBy(formId, 'releaseYear', errors.releaseYear)} className={inputClass} type="number" inputMode="numeric" min={1900} max={2100} value={values.releaseYear} onChange={(e) => set('releaseYear', e.target.value)} />
          </Field>
        </div>
      </div>
      <Field formId={formId} name="description" label="Description" error={errors.description}>
        <textarea {...describedBy(formId, 'description', errors.description)} className={`${inputClass} min-h-28`} maxLength={4000} value={values.description} onChange={(e) => set('description', e.target.value)} />
      </Field>
      <label className="inline-flex min-h-11 items-center gap-3 text-sm font-semibold text-fg">
        <input type="checkbox" name="isPremium" className="size-5 accent-gold-400" checked={values.isPremium} onChange={(e) => set('isPremium', e.target.checked)} />
        Premium title (VIP)
      </label>
      <CheckboxGroup formId={formId} name="genreIds" legend="Genres" options={taxonomy.genres} value={values.genreIds} onChange={(v) => set('genreIds', v)} error={errors.genreIds} />
      <CheckboxGroup formId={formId} name="tagIds" legend="Tags" options={taxonomy.tags} value={values.tagIds} onChange={(v) => set('tagIds', v)} error={errors.tagIds} />
      <div className="flex flex-col gap-2">
        <CheckboxGroup formId={formId} name="artistIds" legend="Artists" options={artists} value={values.artistIds} onChange={(v) => set('artistIds', v)} error={errors.artistIds} />
        <div className="flex flex-wrap items-end gap-2">
          <Field formId={formId} name="newArtist" label="New artist" error={artistError ?? undefined} className="min-w-48 flex-1 sm:max-w-xs">
            <input
              {...describedBy(formId, 'newArtist', artistError ?? undefined)}
              className={inputClass}
              value={newArtist}
              maxLength={120}
              onChange={(e) => setNewArtist(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void addArtist();
                }
              }}
            />
          </Field>
          <button type="button" className={buttonClass('secondary', 'sm', 'mb-1')} onClick={() => void addArtist()}>
            Add artist
          </button>
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-[auto_1fr]">
        <ImageUpload
          kind="poster"
          label="Poster (9:16)"
          inputId={`${formId}-thumbnail`}
          previewUrl={values.thumbnailUrl}
          error={errors.thumbnail}
          onBusyChange={(busy) => setUploading((u) => ({ ...u, poster: busy }))}
          onChange={(path, url) => {
            set('thumbnail', path);
            set('thumbnailUrl', url);
          }}
        />
        <ImageUpload
          kind="banner"
          label="Banner (16:9)"
          inputId={`${formId}-banner`}
          previewUrl={values.bannerUrl}
          error={errors.banner}
          onBusyChange={(busy) => setUploading((u) => ({ ...u, banner: busy }))}
          onChange={(path, url) => {
            set('banner', path);
            set('bannerUrl', url);
          }}
        />
      </div>
      <ErrorAlert message={errors._form} />
      <ErrorAlert message={Object.keys(errors).some((k) => k !== '_form') ? 'Please correct the fields marked above.' : null} />
      <div className="flex items-center gap-3">
        <button type="submit" className={buttonClass('primary', 'md')} disabled={saving || uploadingLabel !== null}>
          {saving ? 'Saving…' : (uploadingLabel ?? 'Save')}
        </button>
        <span aria-live="polite" className="text-sm text-emerald-300">
          {saved ? 'Saved' : ''}
        </span>
      </div>
    </form>
  );
}
