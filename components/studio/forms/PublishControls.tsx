'use client';

import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/styles';
import { studioErrorMessage } from '@/lib/api/studio';
import type { PublishRequest } from '@/lib/contracts/studio-titles';
import { publishSchema, type PublishState } from '@/lib/contracts/studio-titles';
import { inputClass } from './fields';
import { StatusBadge } from './StatusBadge';
import { isoToManilaInput, manilaInputToIso } from './time';

/**
 * Publish now, Unpublish, or Schedule at a Manila date and time, for a title or an episode. The schedule is checked
 * with the API's own schema before it is sent.
 */
export function PublishControls({
  what,
  status,
  at,
  onPublish,
  compact,
}: {
  /** 'title' or 'episode 3': names the controls' group. */
  what: string;
  status: PublishState;
  at: string | null;
  onPublish: (body: PublishRequest) => Promise<unknown>;
  compact?: boolean;
}) {
  const id = useId();
  const [when, setWhen] = useState(() => (status === 'scheduled' && at ? isoToManilaInput(at) : ''));
  const [busy, setBusy] = useState<PublishRequest['action'] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (body: PublishRequest) => {
    const parsed = publishSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the date and time');
      return;
    }
    setBusy(body.action);
    setError(null);
    try {
      await onPublish(body);
    } catch (err) {
      setError(studioErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const schedule = () => {
    const iso = manilaInputToIso(when);
    if (!iso) {
      setError('Choose a date and time');
      return;
    }
    void send({ action: 'schedule', at: iso });
  };

  return (
    <section aria-label={`Publishing of ${what}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={status} at={at} />
        {!compact && <span className="text-xs text-fg-muted">Viewers see it only once it is published and its time has come.</span>}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <button type="button" className={buttonClass('primary', 'sm')} disabled={busy !== null || status === 'published'} onClick={() => void send({ action: 'publish' })}>
          {busy === 'publish' ? 'Publishing…' : 'Publish now'}
        </button>
        <button type="button" className={buttonClass('secondary', 'sm')} disabled={busy !== null || status === 'draft'} onClick={() => void send({ action: 'unpublish' })}>
          {busy === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
        </button>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-xs text-fg-muted" htmlFor={`${id}-at`}>
            Publish at (Manila time)
            <input
              id={`${id}-at`}
              type="datetime-local"
              value={when}
              onChange={(e) => setWhen(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`${inputClass} min-h-9 w-auto py-1`}
            />
          </label>
          <button type="button" className={buttonClass('secondary', 'sm')} disabled={busy !== null} onClick={schedule}>
            {busy === 'schedule' ? 'Scheduling…' : 'Schedule'}
          </button>
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </section>
  );
}
