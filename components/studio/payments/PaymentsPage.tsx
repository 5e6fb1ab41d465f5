'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
import clsx from 'clsx';
import { fetchPayments } from '@/lib/api/studio-payments';
import type { PaymentFilters, StudioPayment } from '@/lib/contracts/studio-payments';
import { studioPaymentHref } from '@/lib/routes';
import { PAYMENT_FILTERS, type PaymentFilter } from '@/lib/contracts/studio-payments';
import { isAdmin, useStudioUser } from '@/components/studio/StudioShell';
import { inputClass } from '@/components/studio/forms/fields';
import { AdminsOnly } from '@/components/studio/prices/AdminsOnly';
import { LoadStates, useLoad } from '@/components/studio/prices/ui';
import { buttonClass } from '@/components/ui/styles';
import { amountOf, buyerOf, FlagBadge, formatWhen, KIND_LABEL, methodOf, StatusBadge } from './badges';
import { JobsHealthSection } from './JobsHealthSection';

const PAGE_SIZE = 25;

const TAB_LABEL: Record<PaymentFilter, string> = {
  all: 'All',
  pending: 'Pending',
  paid: 'Paid',
  flagged: 'Flagged',
  refunded: 'Refunded',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** /studio/payments (issue 20): every payment with a search, the flagged ones that wait for a person, the job queue. Admins only. */
export function PaymentsPage() {
  const me = useStudioUser();
  if (!isAdmin(me)) return <AdminsOnly what="Payments" />;
  return (
    <div className="space-y-10">
      <PaymentsList />
      <JobsHealthSection />
    </div>
  );
}

/** A cell's label, shown above its value where the table is a list of cards (narrow screens). */
function CellLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="block text-[11px] font-semibold uppercase tracking-wider text-fg-subtle md:hidden">
      {children}
    </span>
  );
}

const cell = 'block px-0 py-1 md:table-cell md:px-3 md:py-3 md:align-top';

function PaymentRow({ p }: { p: StudioPayment }) {
  return (
    <tr className="block rounded-2xl border border-white/10 bg-ink-900 p-4 md:table-row md:rounded-none md:border-0 md:border-t md:bg-transparent md:p-0" data-testid="payment-row">
      <td className={cell}>
        <CellLabel>Date</CellLabel>
        <Link href={studioPaymentHref(p.id)} className="font-semibold text-kilig-300 underline-offset-2 hover:underline">
          <time dateTime={p.createdAt}>{formatWhen(p.createdAt)}</time>
          <span className="sr-only">, open payment {p.requestId ?? p.id}</span>
        </Link>
        <span className="block break-all font-mono text-[11px] text-fg-subtle">{p.requestId ?? p.id}</span>
      </td>
      <td className={clsx(cell, 'break-all')}>
        <CellLabel>User</CellLabel>
        <span className={p.userId ? undefined : 'italic text-fg-muted'}>{buyerOf(p)}</span>
      </td>
      <td className={cell}>
        <CellLabel>Item</CellLabel>
        <span className="block text-xs text-fg-muted">{KIND_LABEL[p.kind]}</span>
        {p.item}
      </td>
      <td className={clsx(cell, 'tabular-nums md:text-right')}>
        <CellLabel>Amount</CellLabel>
        {amountOf(p)}
      </td>
      <td className={cell}>
        <CellLabel>Method</CellLabel>
        {methodOf(p)}
      </td>
      <td className={cell}>
        <CellLabel>Status</CellLabel>
        <StatusBadge payment={p} />
      </td>
      <td className={cell}>
        <CellLabel>Flag</CellLabel>
        <FlagBadge payment={p} />
      </td>
    </tr>
  );
}

function PaymentsList() {
  const formId = useId();
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<Required<Pick<PaymentFilters, 'status' | 'page'>> & { q?: string }>({ status: 'all', page: 1 });
  const { state, reload } = useLoad(() => fetchPayments({ ...filters, limit: PAGE_SIZE }), [filters.status, filters.q, filters.page]);
  const counts = state.kind === 'ready' ? state.data.counts : null;
  const page = filters.page;

  return (
    <section aria-labelledby={`${formId}-title`} className="space-y-5">
      <header>
        <h1 id={`${formId}-title`} className="font-display text-2xl font-bold md:text-3xl">
          Payments
        </h1>
        <p className="mt-1 text-sm text-fg-muted">
          Every payment attempt, newest first. Flagged ones (amount mismatch, paid twice, account gone, refund failed) wait for a person: open one to refund it or
          mark it resolved.
        </p>
      </header>

      <form
        role="search"
        aria-label="Search payments"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters((f) => ({ ...f, q: draft.trim() || undefined, page: 1 }));
        }}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={`${formId}-q`} className="text-sm font-semibold">
            Search by e-mail, user id, reference or request id
          </label>
          <input
            id={`${formId}-q`}
            type="search"
            className={inputClass}
            value={draft}
            autoComplete="off"
            spellCheck={false}
            placeholder="juan@example.ph, PAYMENT_…, cs_…"
            maxLength={200}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass('primary', 'sm', 'min-h-11 flex-1 sm:flex-none')}>
            Search
          </button>
          {filters.q ? (
            <button
              type="button"
              className={buttonClass('ghost', 'sm', 'min-h-11')}
              onClick={() => {
                setDraft('');
                setFilters((f) => ({ ...f, q: undefined, page: 1 }));
              }}
            >
              Clear
            </button>
          ) : null}
        </div>
      </form>

      <div role="group" aria-label="Show payments" className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1">
        {PAYMENT_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filters.status === f}
            onClick={() => setFilters((cur) => ({ ...cur, status: f, page: 1 }))}
            className={clsx(
              'min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold transition',
              filters.status === f ? 'bg-kilig-600 text-white' : 'bg-white/5 text-fg-muted hover:bg-white/10 hover:text-fg',
              f === 'flagged' && counts && counts.flagged > 0 && filters.status !== f && 'text-red-200',
            )}
          >
            {TAB_LABEL[f]}
            {counts ? <span className="ml-1.5 tabular-nums opacity-80">{counts[f].toLocaleString('en-PH')}</span> : null}
          </button>
        ))}
      </div>

      <LoadStates state={state} reload={reload} label="payments" empty={() => false}>
        {(d) =>
          d.data.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-white/10 p-6 text-center text-sm text-fg-muted" role="status">
              {filters.q ? `No ${filters.status === 'all' ? '' : `${TAB_LABEL[filters.status].toLowerCase()} `}payments match “${filters.q}”.` : filters.status === 'flagged' ? 'Nothing flagged: no payment waits for a person.' : `No ${filters.status === 'all' ? '' : `${TAB_LABEL[filters.status].toLowerCase()} `}payments.`}
            </p>
          ) : (
            <>
              <p className="text-sm text-fg-muted" role="status">
                {d.pagination.totalItems.toLocaleString('en-PH')} payment{d.pagination.totalItems === 1 ? '' : 's'}
                {filters.q ? ` matching “${filters.q}”` : ''}, newest first
              </p>
              <table className="block w-full text-sm md:table">
                <caption className="sr-only">{TAB_LABEL[filters.status]} payments</caption>
                <thead className="hidden md:table-header-group">
                  <tr className="text-left text-xs uppercase tracking-wider text-fg-subtle">
                    <th scope="col" className="px-3 py-2 font-semibold">Date</th>
                    <th scope="col" className="px-3 py-2 font-semibold">User</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Item</th>
                    <th scope="col" className="px-3 py-2 text-right font-semibold">Amount</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Method</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Status</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Flag</th>
                  </tr>
                </thead>
                <tbody className="flex flex-col gap-3 md:table-row-group">
                  {d.data.map((p) => (
                    <PaymentRow key={p.id} p={p} />
                  ))}
                </tbody>
              </table>
              <nav aria-label="Payments pages" className="flex items-center justify-between gap-2 text-sm">
                <button type="button" className={buttonClass('ghost', 'sm', 'min-h-11')} disabled={page <= 1} onClick={() => setFilters((f) => ({ ...f, page: page - 1 }))}>
                  Newer
                </button>
                <span className="text-fg-muted">
                  Page {d.pagination.currentPage} of {Math.max(1, d.pagination.totalPages)}
                </span>
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm', 'min-h-11')}
                  disabled={page >= d.pagination.totalPages}
                  onClick={() => setFilters((f) => ({ ...f, page: page + 1 }))}
                >
                  Older
                </button>
              </nav>
            </>
          )
        }
      </LoadStates>
    </section>
  );
}
