'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
import { fetchJobsHealth, retryJob } from '@/lib/api/studio-payments';
import type { JobState } from '@/lib/contracts/studio-payments';
import { studioErrorMessage } from '@/lib/api/studio';
import { studioPaymentHref } from '@/lib/routes';
import { LoadStates, useLoad } from '@/components/studio/prices/ui';
import { buttonClass } from '@/components/ui/styles';
import { formatWhen } from './badges';

const STATES: { state: JobState; label: string }[] = [
  { state: 'queued', label: 'Queued' },
  { state: 'running', label: 'Running' },
  { state: 'done', label: 'Done' },
  { state: 'dead', label: 'Dead' },
];

/**
 * The job queue's health on the Payments page: jobs by state and by type, queued jobs overdue, and the dead ones with
 * their last error and a Retry (audited as job.retry). Webhook deliveries, reconciliation and refunds run here.
 */
export function JobsHealthSection() {
  const baseId = useId();
  const { state, reload, set } = useLoad(() => fetchJobsHealth(), []);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const retry = async (id: string, type: string) => {
    setBusy(id);
    setMessage(null);
    try {
      set(await retryJob(id));
      setMessage({ kind: 'ok', text: `The ${type} job is queued again; a worker will run it shortly.` });
    } catch (err) {
      setMessage({ kind: 'error', text: studioErrorMessage(err) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="space-y-4" data-testid="jobs-health">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${baseId}-title`} className="font-display text-xl font-bold">
            Job queue
          </h2>
          <p className="mt-1 text-sm text-fg-muted">Webhook deliveries, reconciliation, refunds and ingests. A dead job used all its attempts.</p>
        </div>
        <button type="button" className={buttonClass('ghost', 'sm', 'min-h-11')} onClick={reload}>
          Refresh
        </button>
      </div>
      <p role={message?.kind === 'error' ? 'alert' : 'status'} className={message?.kind === 'error' ? 'min-h-5 text-sm text-red-300' : 'min-h-5 text-sm text-emerald-300'}>
        {message?.text}
      </p>
      <LoadStates state={state} reload={reload} label="the job queue" empty={() => false}>
        {(h) => (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {STATES.map(({ state: s, label }) => (
                <div key={s} className="rounded-2xl border border-white/10 bg-ink-900 p-3">
                  <dt className="text-xs font-semibold uppercase tracking-wider text-fg-subtle">{label}</dt>
                  <dd className={s === 'dead' && h.counts.dead > 0 ? 'mt-1 text-2xl font-bold tabular-nums text-red-300' : 'mt-1 text-2xl font-bold tabular-nums'} data-testid={`jobs-${s}`}>
                    {h.counts[s].toLocaleString('en-PH')}
                  </dd>
                </div>
              ))}
              <div className="rounded-2xl border border-white/10 bg-ink-900 p-3">
                <dt className="text-xs font-semibold uppercase tracking-wider text-fg-subtle">Overdue</dt>
                <dd className={h.overdue > 0 ? 'mt-1 text-2xl font-bold tabular-nums text-amber-300' : 'mt-1 text-2xl font-bold tabular-nums'}>{h.overdue.toLocaleString('en-PH')}</dd>
              </div>
            </dl>

            {h.byType.length > 0 ? (
              <div className="overflow-x-auto rounded-2xl border border-white/10">
                <table className="w-full min-w-[28rem] text-sm">
                  <caption className="sr-only">Jobs by type and state</caption>
                  <thead>
                    <tr className="text-left text-xs uppercase tracking-wider text-fg-subtle">
                      <th scope="col" className="px-3 py-2 font-semibold">Type</th>
                      {STATES.map((s) => (
                        <th key={s.state} scope="col" className="px-3 py-2 text-right font-semibold">
                          {s.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {h.byType.map((t) => (
                      <tr key={t.type} className="border-t border-white/5">
                        <th scope="row" className="px-3 py-2 text-left font-mono text-xs font-normal">
                          {t.type}
                        </th>
                        {STATES.map((s) => (
                          <td key={s.state} className={s.state === 'dead' && t.counts.dead > 0 ? 'px-3 py-2 text-right tabular-nums text-red-300' : 'px-3 py-2 text-right tabular-nums'}>
                            {t.counts[s.state].toLocaleString('en-PH')}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}

            <h3 className="font-semibold">Dead jobs</h3>
            {h.dead.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-white/10 p-4 text-center text-sm text-fg-muted">No dead jobs.</p>
            ) : (
              <ul className="space-y-3">
                {h.dead.map((j) => (
                  <li key={j.id} className="rounded-2xl border border-red-400/20 bg-ink-900 p-4" data-testid="dead-job">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-mono text-sm font-semibold">{j.type}</p>
                        <p className="text-xs text-fg-muted">
                          Died <time dateTime={j.failedAt}>{formatWhen(j.failedAt, true)}</time> after {j.attempts} of {j.maxAttempts} attempts · job{' '}
                          <span className="break-all font-mono">{j.id}</span>
                          {j.paymentId ? (
                            <>
                              {' '}
                              ·{' '}
                              <Link href={studioPaymentHref(j.paymentId)} className="text-kilig-300 underline-offset-2 hover:underline">
                                its payment
                              </Link>
                            </>
                          ) : null}
                        </p>
                      </div>
                      <button
                        type="button"
                        className={buttonClass('secondary', 'sm', 'min-h-11')}
                        disabled={busy !== null}
                        aria-label={`Retry the ${j.type} job ${j.id}`}
                        onClick={() => void retry(j.id, j.type)}
                      >
                        {busy === j.id ? 'Retrying…' : 'Retry'}
                      </button>
                    </div>
                    <pre className="mt-2 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded-xl bg-ink-950/60 p-3 font-mono text-xs text-red-200">{j.lastError ?? '(no error recorded)'}</pre>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </LoadStates>
    </section>
  );
}
