'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import clsx from 'clsx';
import { fetchPayment, refundPayment, resolvePayment } from '@/lib/api/studio-payments';
import type { PaymentHistoryEntry, StudioPaymentDetail } from '@/lib/contracts/studio-payments';
import { studioErrorMessage } from '@/lib/api/studio';
import { studioHref } from '@/lib/routes';
import { NOTE_MAX } from '@/lib/contracts/studio-payments';
import { isAdmin, useStudioUser } from '@/components/studio/StudioShell';
import { inputClass } from '@/components/studio/forms/fields';
import { AdminsOnly } from '@/components/studio/prices/AdminsOnly';
import { LoadStates, useLoad } from '@/components/studio/prices/ui';
import { buttonClass } from '@/components/ui/styles';
import { amountOf, buyerOf, FlagBadge, formatWhen, KIND_LABEL, methodOf, StatusBadge } from './badges';

/** While a refund is under way the page asks again this often, so that it shows the gateway's answer by itself. */
const REFUND_POLL_MS = 2000;
const REFUND_POLL_MAX = 60;

/** /studio/payments/{id}: one payment, its history, and for an open flag 'Refund ₱X' and 'Mark resolved'. Admins only. */
export function PaymentDetailPage({ id }: { id: string }) {
  const me = useStudioUser();
  if (!isAdmin(me)) return <AdminsOnly what="Payments" />;
  return <PaymentDetail id={id} />;
}

const TONE: Record<PaymentHistoryEntry['tone'], string> = {
  info: 'bg-white/40',
  good: 'bg-emerald-400',
  warn: 'bg-amber-400',
  bad: 'bg-red-400',
};

function History({ history }: { history: PaymentHistoryEntry[] }) {
  return (
    <ol className="relative space-y-4 border-l border-white/10 pl-5" data-testid="payment-history">
      {history.map((e, i) => (
        <li key={`${e.at}-${i}`} className="relative" data-kind={e.kind}>
          <span aria-hidden="true" className={clsx('absolute -left-[1.66rem] top-1.5 size-2.5 rounded-full ring-4 ring-ink-950', TONE[e.tone])} />
          <p className="text-sm font-semibold">{e.title}</p>
          <p className="text-xs text-fg-muted">
            <time dateTime={e.at}>{formatWhen(e.at, true)}</time>
          </p>
          {e.detail ? <p className="mt-1 break-words text-sm text-fg-muted">{e.detail}</p> : null}
        </li>
      ))}
    </ol>
  );
}

type Action = 'refund' | 'resolve';

/** The refund (confirm step with a note) or the resolution (note required) of an open flag. */
function FlagActions({ payment, onDone }: { payment: StudioPaymentDetail; onDone: (next: StudioPaymentDetail, message: string) => void }) {
  const formId = useId();
  const [open, setOpen] = useState<Action | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const amount = amountOf(payment);

  useEffect(() => {
    if (open) noteRef.current?.focus();
  }, [open]);

  const choose = (a: Action | null) => {
    setOpen(a);
    setError(null);
  };

  const submit = async () => {
    const text = note.trim();
    if (!text) {
      setError(open === 'refund' ? 'Write a note: why this payment is refunded.' : 'Write a note: how this was resolved.');
      noteRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (open === 'refund') onDone(await refundPayment(payment.id, text), `Refund of ${amount} requested; the gateway is refunding it.`);
      else onDone(await resolvePayment(payment.id, text), 'Marked resolved.');
    } catch (err) {
      setError(studioErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${formId}-title`} className="rounded-2xl border border-red-400/30 bg-red-500/5 p-4 md:p-5">
      <h2 id={`${formId}-title`} className="font-semibold">
        This payment needs a person
      </h2>
      <p className="mt-1 break-words text-sm text-fg-muted">{payment.flagReason}</p>
      {open === null ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {payment.canRefund ? (
            <button type="button" className={buttonClass('primary', 'sm', 'min-h-11')} onClick={() => choose('refund')}>
              Refund {amount}
            </button>
          ) : null}
          {payment.canResolve ? (
            <button type="button" className={buttonClass('secondary', 'sm', 'min-h-11')} onClick={() => choose('resolve')}>
              Mark resolved
            </button>
          ) : null}
        </div>
      ) : (
        <form
          aria-label={open === 'refund' ? `Confirm the refund of ${amount}` : 'Mark resolved'}
          className="mt-4 space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {open === 'refund' ? (
            <p className="text-sm">
              {amount} goes back to {payment.userEmail ?? payment.checkoutEmail ?? 'the buyer'} through {payment.provider}. This cannot be undone.
            </p>
          ) : (
            <p className="text-sm">Nothing moves: the flag is closed with your note.</p>
          )}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${formId}-note`} className="text-sm font-semibold">
              Note (required)
            </label>
            <textarea
              ref={noteRef}
              id={`${formId}-note`}
              className={clsx(inputClass, 'min-h-24')}
              value={note}
              maxLength={NOTE_MAX}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${formId}-error` : undefined}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          {error ? (
            <p id={`${formId}-error`} role="alert" className="text-sm text-red-300">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass('primary', 'sm', 'min-h-11')} disabled={busy}>
              {busy ? 'Working…' : open === 'refund' ? `Confirm refund of ${amount}` : 'Mark resolved'}
            </button>
            <button type="button" className={buttonClass('ghost', 'sm', 'min-h-11')} disabled={busy} onClick={() => choose(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Facts({ p }: { p: StudioPaymentDetail }) {
  const rows: [string, string | null][] = [
    ['User', buyerOf(p)],
    ['E-mail at checkout', p.checkoutEmail],
    ['Item', `${KIND_LABEL[p.kind]} · ${p.item}`],
    ['Amount', amountOf(p)],
    ['Method', methodOf(p)],
    ['Gateway', p.provider],
    ['Request id', p.requestId],
    ['Gateway reference', p.providerRef],
    ['Payment id', p.id],
    ['Opened', formatWhen(p.createdAt, true)],
    ['Paid', p.paidAt ? formatWhen(p.paidAt, true) : null],
    ['Failure reason', p.failureReason],
    ['Refund', p.refundStatus ? `${p.refundStatus}${p.refundReason ? ` · ${p.refundReason}` : ''}` : null],
    ['Refund reference', p.refundRef],
    ['Refund error', p.refundError],
    ['Resolution note', p.flagNote],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-2xl border border-white/10 bg-ink-900 p-4 sm:grid-cols-2">
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k} className="min-w-0">
            <dt className="text-xs font-semibold uppercase tracking-wider text-fg-subtle">{k}</dt>
            <dd className={clsx('mt-1 break-all text-sm', /id|reference/i.test(k) && 'font-mono')}>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

function PaymentDetail({ id }: { id: string }) {
  const { state, reload, set } = useLoad(() => fetchPayment(id), [id]);
  const [message, setMessage] = useState<string | null>(null);
  const [polls, setPolls] = useState(0);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const refunding = state.kind === 'ready' && state.data.refundStatus === 'pending';

  // A refund is carried out by a job: ask again until the gateway has answered.
  useEffect(() => {
    if (!refunding || polls >= REFUND_POLL_MAX) return;
    const t = window.setTimeout(() => {
      fetchPayment(id).then(
        (next) => {
          set(next);
          setPolls((n) => n + 1);
          if (next.status === 'refunded') setMessage(`Refunded: ${amountOf(next)} went back to the buyer.`);
          else if (next.refundStatus === 'failed') setMessage('The refund failed; see the history.');
        },
        () => setPolls((n) => n + 1),
      );
    }, REFUND_POLL_MS);
    return () => window.clearTimeout(t);
  }, [refunding, polls, id, set]);

  return (
    <div className="space-y-6">
      <Link href={studioHref('payments')} className="inline-flex min-h-11 items-center text-sm font-semibold text-kilig-300 underline-offset-2 hover:underline">
        ← All payments
      </Link>
      <p ref={statusRef} tabIndex={-1} role="status" className="min-h-5 text-sm text-emerald-300 focus:outline-none">
        {message}
      </p>
      <LoadStates state={state} reload={reload} label="this payment" empty={() => false}>
        {(p) => (
          <>
            <header className="space-y-2">
              <h1 className="font-display text-2xl font-bold md:text-3xl">
                {amountOf(p)} · {p.item}
              </h1>
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge payment={p} />
                <FlagBadge payment={p} />
              </div>
            </header>
            {p.canRefund || p.canResolve ? (
              <FlagActions
                payment={p}
                onDone={(next, text) => {
                  set(next);
                  setPolls(0);
                  setMessage(text);
                  statusRef.current?.focus();
                }}
              />
            ) : null}
            <Facts p={p} />
            <section aria-labelledby="payment-history-title" className="space-y-3">
              <div className="flex items-center justify-between gap-3">
                <h2 id="payment-history-title" className="font-display text-xl font-bold">
                  History
                </h2>
                <button type="button" className={buttonClass('ghost', 'sm', 'min-h-11')} onClick={reload}>
                  Refresh
                </button>
              </div>
              <History history={p.history} />
            </section>
          </>
        )}
      </LoadStates>
    </div>
  );
}
