'use client';

import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/styles';
import { describedBy, Field, inputClass } from '@/components/studio/forms/fields';
import { studioErrorMessage } from '@/lib/api/studio';
import { createSeason, deleteSeason, updateSeason } from '@/lib/api/studio-titles';
import type { StudioSeason } from '@/lib/contracts/studio-titles';
import { fieldErrors, seasonSchema } from '@/lib/contracts/studio-titles';

/** A title's seasons (number, optional title): add, edit in place, delete (its episodes stay, without a season). */
export function SeasonsEditor({ titleId, seasons, onChanged }: { titleId: string; seasons: StudioSeason[]; onChanged: () => Promise<unknown> }) {
  const next = seasons.reduce((n, s) => Math.max(n, s.seasonNumber), 0) + 1;
  return (
    <section aria-labelledby="seasons-heading" className="flex flex-col gap-3">
      <h2 id="seasons-heading" className="font-display text-xl font-bold">
        Seasons
      </h2>
      {seasons.length === 0 ? <p className="text-sm text-fg-muted">No seasons: episodes are listed without one.</p> : null}
      <ul className="flex flex-col gap-2">
        {seasons.map((s) => (
          <li key={`${s.id}-${s.seasonNumber}-${s.title}`} className="rounded-2xl border border-white/10 bg-ink-900 p-3">
            <SeasonForm
              season={s}
              submitLabel="Save season"
              onSubmit={async (body) => {
                await updateSeason(s.id, body);
                await onChanged();
              }}
              onDelete={async () => {
                if (!window.confirm(`Delete season ${s.seasonNumber}? Its episodes stay, without a season.`)) return;
                await deleteSeason(s.id);
                await onChanged();
              }}
            />
          </li>
        ))}
      </ul>
      <div className="rounded-2xl border border-white/10 bg-ink-900 p-3">
        <SeasonForm
          key={next}
          nextNumber={next}
          submitLabel="Add season"
          onSubmit={async (body) => {
            await createSeason(titleId, body);
            await onChanged();
          }}
        />
      </div>
    </section>
  );
}

function SeasonForm({
  season,
  nextNumber,
  submitLabel,
  onSubmit,
  onDelete,
}: {
  season?: StudioSeason;
  nextNumber?: number;
  submitLabel: string;
  onSubmit: (body: { seasonNumber: number; title: string | null }) => Promise<unknown>;
  onDelete?: () => Promise<unknown>;
}) {
  const formId = useId();
  const [number, setNumber] = useState(String(season?.seasonNumber ?? nextNumber ?? 1));
  const [title, setTitle] = useState(season?.title ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      setErrors({});
    } catch (err) {
      setErrors({ _form: studioErrorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = seasonSchema.safeParse({ seasonNumber: number.trim() === '' ? Number.NaN : Number(number), title: title.trim() || null });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    void run(() => onSubmit(parsed.data));
  };

  return (
    <form onSubmit={submit} noValidate aria-label={season ? `Season ${season.seasonNumber}` : 'Add a season'} className="flex flex-wrap items-end gap-3">
      <Field formId={formId} name="seasonNumber" label="Season number" error={errors.seasonNumber} className="w-32">
        <input {...describedBy(formId, 'seasonNumber', errors.seasonNumber)} className={inputClass} type="number" inputMode="numeric" min={1} value={number} onChange={(e) => setNumber(e.target.value)} />
      </Field>
      <Field formId={formId} name="title" label="Season title (optional)" error={errors.title} className="min-w-48 flex-1">
        <input {...describedBy(formId, 'title', errors.title)} className={inputClass} maxLength={120} value={title} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <div className="flex gap-2 pb-0.5">
        <button type="submit" className={buttonClass(season ? 'secondary' : 'primary', 'sm')} disabled={busy}>
          {submitLabel}
        </button>
        {onDelete ? (
          <button type="button" className={buttonClass('ghost', 'sm', 'text-red-300 hover:text-red-200')} disabled={busy} onClick={() => void run(onDelete)}>
            Delete
            <span className="sr-only"> season {season?.seasonNumber}</span>
          </button>
        ) : null}
      </div>
      {errors._form ? (
        <p role="alert" className="w-full text-sm text-red-300">
          {errors._form}
        </p>
      ) : null}
    </form>
  );
}
