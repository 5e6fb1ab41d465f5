'use client';

import type { ReactNode } from 'react';
import clsx from 'clsx';

/** The studio's input look (dark, 44 px tall targets). */
export const inputClass =
  'min-h-11 w-full rounded-xl border border-white/10 bg-ink-950/60 px-3 py-2 text-sm text-fg placeholder:text-fg-subtle focus:border-kilig-400 focus:outline-none aria-[invalid=true]:border-red-400 [color-scheme:dark]';

/** The ids an input needs so that its label names it and its error describes it. */
export const fieldIds = (formId: string, name: string) => ({ id: `${formId}-${name}`, errorId: `${formId}-${name}-error` });

/** Accessibility props of an input with an optional error. */
export function describedBy(formId: string, name: string, error: string | undefined) {
  const { id, errorId } = fieldIds(formId, name);
  return { id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined } as const;
}

/** A labelled input and, when there is one, its error under it. */
export function Field({ formId, name, label, error, hint, children, className }: { formId: string; name: string; label: string; error?: string; hint?: string; children: ReactNode; className?: string }) {
  const { id, errorId } = fieldIds(formId, name);
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-fg">
        {label}
      </label>
      {hint ? <p className="text-xs text-fg-muted">{hint}</p> : null}
      {children}
      {error ? (
        <p id={errorId} className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A set of checkboxes under one legend (genres, tags, artists): every option is a labelled checkbox. */
export function CheckboxGroup({
  formId,
  name,
  legend,
  options,
  value,
  onChange,
  error,
  empty,
}: {
  formId: string;
  name: string;
  legend: string;
  options: { id: string; name: string }[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  empty?: string;
}) {
  const { errorId } = fieldIds(formId, name);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-semibold text-fg">{legend}</legend>
      {options.length === 0 ? <p className="text-xs text-fg-muted">{empty ?? 'Nothing to choose from yet.'}</p> : null}
      <div className="flex flex-wrap gap-2">
        {options.map((o) => {
          const checked = value.includes(o.id);
          return (
            <label
              key={o.id}
              className={clsx(
                'inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-kilig-400',
                checked ? 'border-kilig-400 bg-kilig-600/30 text-fg' : 'border-white/10 text-fg-muted hover:border-white/30',
              )}
            >
              <input type="checkbox" className="size-4 accent-kilig-500" name={name} value={o.id} checked={checked} onChange={(e) => toggle(o.id, e.target.checked)} />
              {o.name}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A form's or list's error, read out at once; nothing when there is none. */
export function ErrorAlert({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-300">
      {message}
    </p>
  );
}
