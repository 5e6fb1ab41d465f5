'use client';

import { useId, useState, type FormEvent } from 'react';
import clsx from 'clsx';
import { buttonClass } from '@/components/ui/styles';
import { INSIGHTS_PRESETS, insightsRangeSchema, lastDays } from '@/lib/contracts/studio-insights';
import { formatRange } from './format';

type Range = { from: string; to: string };
type Errors = Partial<Record<'from' | 'to', string>>;

const inputClass =
  'h-10 w-full rounded-xl border border-white/15 bg-ink-900 px-3 text-sm text-fg [color-scheme:dark] focus:border-kilig-400 focus:outline-none aria-[invalid=true]:border-red-400';

/**
 * The days the insights cover: the last 7, 30 or 90 (Manila) days in one tap, or any range of at most 366 days. The
 * custom range is checked with the API's own schema, errors shown under the field they concern.
 */
export function RangePicker({ range, onChange }: { range: Range; onChange: (r: Range) => void }) {
  const id = useId();
  const preset = INSIGHTS_PRESETS.find((d) => {
    const r = lastDays(d);
    return r.from === range.from && r.to === range.to;
  });
  const [custom, setCustom] = useState(!preset);
  const [draft, setDraft] = useState<Range>(range);
  const [errors, setErrors] = useState<Errors>({});

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const parsed = insightsRangeSchema.safeParse(draft);
    const next: Errors = {};
    if (!draft.from) next.from = 'Choose a start date.';
    if (!draft.to) next.to = 'Choose an end date.';
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as 'from' | 'to'] ??= `${issue.path[0] === 'from' ? 'Start' : 'End'} date ${issue.message}.`;
    setErrors(next);
    if (Object.keys(next).length === 0) onChange(draft);
  };

  const field = (name: 'from' | 'to', label: string) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-${name}`} className="mb-1 block text-xs font-medium text-fg-muted">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type="date"
        className={inputClass}
        value={draft[name]}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="mt-1 text-xs text-red-300">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <section aria-label="Date range" className="rounded-2xl border border-white/10 bg-ink-900/60 p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        {INSIGHTS_PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            aria-pressed={!custom && preset === days}
            className={clsx(buttonClass(!custom && preset === days ? 'primary' : 'secondary', 'sm'))}
            onClick={() => {
              setCustom(false);
              setErrors({});
              const r = lastDays(days);
              setDraft(r);
              onChange(r);
            }}
          >
            {days} days
          </button>
        ))}
        <button type="button" aria-pressed={custom} aria-expanded={custom} className={buttonClass(custom ? 'primary' : 'secondary', 'sm')} onClick={() => setCustom((c) => !c)}>
          Custom
        </button>
        <p className="w-full text-sm text-fg-muted sm:ml-auto sm:w-auto" aria-live="polite">
          {formatRange(range)}
        </p>
      </div>
      {custom && (
        <form onSubmit={apply} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          {field('from', 'From')}
          {field('to', 'To')}
          <button type="submit" className={buttonClass('secondary', 'sm', 'sm:mt-5')}>
            Apply
          </button>
        </form>
      )}
    </section>
  );
}
