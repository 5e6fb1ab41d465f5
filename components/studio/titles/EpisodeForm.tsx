'use client';

import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/styles';
import { describedBy, ErrorAlert, Field, inputClass } from '@/components/studio/forms/fields';
import { errorCode } from '@/lib/api/errors';
import { studioErrorMessage } from '@/lib/api/studio';
import type { StudioEpisode, StudioSeason } from '@/lib/contracts/studio-titles';
import { episodeSchema, fieldErrors, fieldErrorsFromMessage, MAX_COIN_PRICE, type EpisodeInput } from '@/lib/contracts/studio-titles';

type Values = { episodeNumber: string; title: string; description: string; seasonId: string; isPremium: boolean; coinPrice: string };

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/**
 * An episode's fields (number, title, description, season, free or premium, coin price): adds one, or edits one.
 * Checked with the API's schema first; a free episode's price is 0, so the price input shows only for premium.
 */
export function EpisodeForm({
  episode,
  nextNumber,
  seasons,
  submitLabel,
  label,
  onSubmit,
}: {
  episode?: StudioEpisode;
  nextNumber?: number;
  seasons: StudioSeason[];
  submitLabel: string;
  /** The form's accessible name ('Add an episode', 'Edit episode 3'). */
  label: string;
  /** For the trailer, `episodeNumber` is 0 and only the title and description are the editor's. */
  onSubmit: (body: EpisodeInput) => Promise<unknown>;
}) {
  const formId = useId();
  const blank = (): Values => ({
    episodeNumber: String(episode?.episodeNumber ?? nextNumber ?? 1),
    title: episode?.title ?? '',
    description: episode?.description ?? '',
    seasonId: episode?.seasonId ?? '',
    isPremium: episode?.isPremium ?? false,
    coinPrice: String(episode?.coinPrice || ''),
  });
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState('');
  const trailer = episode?.episodeNumber === 0;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setDone('');
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const input = (): EpisodeInput => ({
    episodeNumber: num(values.episodeNumber),
    title: values.title.trim() || null,
    description: values.description,
    seasonId: values.seasonId || null,
    isPremium: values.isPremium,
    coinPrice: values.isPremium ? num(values.coinPrice) : 0,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = input();
    // The trailer is number 0, which an episode may not be: its number is not the editor's to change.
    const parsed = episodeSchema.safeParse(trailer ? { ...body, episodeNumber: 1 } : body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setSaving(true);
    setErrors({});
    try {
      await onSubmit(body);
      if (!episode) setValues({ ...blank(), episodeNumber: String(num(values.episodeNumber) + 1) });
      setDone(episode ? 'Saved' : 'Added');
    } catch (err) {
      setErrors(errorCode(err) === 'E_VALIDATION' ? fieldErrorsFromMessage(studioErrorMessage(err)) : { _form: studioErrorMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        {trailer ? (
          <p className="text-sm text-fg-muted sm:pt-8">Trailer (episode 0)</p>
        ) : (
          <Field formId={formId} name="episodeNumber" label="Episode number" error={errors.episodeNumber}>
            <input {...describedBy(formId, 'episodeNumber', errors.episodeNumber)} className={inputClass} type="number" inputMode="numeric" min={1} value={values.episodeNumber} onChange={(e) => set('episodeNumber', e.target.value)} />
          </Field>
        )}
        <Field formId={formId} name="title" label="Episode title" error={errors.title}>
          <input {...describedBy(formId, 'title', errors.title)} className={inputClass} maxLength={200} value={values.title} onChange={(e) => set('title', e.target.value)} />
        </Field>
      </div>
      <Field formId={formId} name="description" label="Episode description" error={errors.description}>
        <textarea {...describedBy(formId, 'description', errors.description)} className={`${inputClass} min-h-20`} maxLength={4000} value={values.description} onChange={(e) => set('description', e.target.value)} />
      </Field>
      {!trailer && (
        <div className="grid items-end gap-4 sm:grid-cols-3">
          <Field formId={formId} name="seasonId" label="Season" error={errors.seasonId}>
            <select {...describedBy(formId, 'seasonId', errors.seasonId)} className={inputClass} value={values.seasonId} onChange={(e) => set('seasonId', e.target.value)}>
              <option value="">No season</option>
              {seasons.map((s) => (
                <option key={s.id} value={s.id}>
                  Season {s.seasonNumber}
                  {s.title ? `: ${s.title}` : ''}
                </option>
              ))}
            </select>
          </Field>
          <label className="inline-flex min-h-11 items-center gap-3 text-sm font-semibold text-fg">
            <input
              type="checkbox"
              name="isPremium"
              className="size-5 accent-gold-400"
              checked={values.isPremium}
              onChange={(e) => {
                set('isPremium', e.target.checked);
                if (errors.coinPrice) setErrors(({ coinPrice: _gone, ...rest }) => rest);
              }}
            />
            Premium episode
          </label>
          {values.isPremium ? (
            <Field formId={formId} name="coinPrice" label={`Coin price (1–${MAX_COIN_PRICE})`} error={errors.coinPrice}>
              <input {...describedBy(formId, 'coinPrice', errors.coinPrice)} className={inputClass} type="number" inputMode="numeric" min={1} max={MAX_COIN_PRICE} value={values.coinPrice} onChange={(e) => set('coinPrice', e.target.value)} />
            </Field>
          ) : (
            <p className="text-sm text-fg-muted sm:pb-3">Free to watch</p>
          )}
        </div>
      )}
      <ErrorAlert message={errors._form} />
      <div className="flex items-center gap-3">
        <button type="submit" className={buttonClass('primary', 'sm')} disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
        <span aria-live="polite" className="text-sm text-emerald-300">
          {done}
        </span>
      </div>
    </form>
  );
}
