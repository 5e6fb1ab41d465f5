'use client';

import { useId, useState } from 'react';
import { fetchAudit } from '@/lib/api/studio-admin';
import type { AuditEntry, AuditFilters } from '@/lib/contracts/studio-admin';
import { isAdmin, useStudioUser } from '@/components/studio/StudioShell';
import { inputClass } from '@/components/studio/forms/fields';
import { AdminsOnly } from '@/components/studio/prices/AdminsOnly';
import { LoadStates, useLoad } from '@/components/studio/prices/ui';
import { buttonClass } from '@/components/ui/styles';
import { AuditDiff } from './AuditDiff';

const PAGE_SIZE = 25;
const dateTime = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Manila' });

const actorOf = (e: AuditEntry) => e.actorEmail ?? (e.actorId ? e.actorId : 'Server command');

function Entry({ entry, onFilter }: { entry: AuditEntry; onFilter: (f: AuditFilters) => void }) {
  return (
    <li className="rounded-2xl border border-white/10 bg-ink-900 p-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:items-baseline sm:justify-between">
        <p className="font-mono text-sm font-semibold text-fg">{entry.action}</p>
        <time dateTime={entry.createdAt} className="text-xs text-fg-muted">
          {dateTime.format(new Date(entry.createdAt))}
        </time>
      </div>
      <p className="mt-1 text-sm text-fg-muted">
        by{' '}
        {entry.actorId ? (
          <button type="button" className="text-kilig-300 underline-offset-2 hover:underline" onClick={() => onFilter({ actor: entry.actorId! })}>
            {actorOf(entry)}
          </button>
        ) : (
          actorOf(entry)
        )}{' '}
        · {entry.entity}
        {entry.entityId ? (
          <>
            {' '}
            <button type="button" className="break-all font-mono text-xs text-kilig-300 underline-offset-2 hover:underline" onClick={() => onFilter({ entity: entry.entity, entityId: entry.entityId! })}>
              {entry.entityId}
            </button>
          </>
        ) : null}
      </p>
      <details className="mt-2">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-fg">Before and after</summary>
        <AuditDiff before={entry.before} after={entry.after} />
      </details>
    </li>
  );
}

/** /studio/audit: every studio change, newest first, with who made it and the row before and after. Admins only. */
export function AuditPage() {
  const me = useStudioUser();
  if (!isAdmin(me)) return <AdminsOnly what="Audit log" />;
  return <AuditLog />;
}

function AuditLog() {
  const formId = useId();
  const [draft, setDraft] = useState<Required<Pick<AuditFilters, 'entity' | 'entityId' | 'actor'>>>({ entity: '', entityId: '', actor: '' });
  const [filters, setFilters] = useState<AuditFilters>({ page: 1 });
  const { state, reload } = useLoad(() => fetchAudit({ ...filters, limit: PAGE_SIZE }), [filters.entity, filters.entityId, filters.actor, filters.page]);
  const apply = (f: AuditFilters) => {
    setDraft({ entity: f.entity ?? '', entityId: f.entityId ?? '', actor: f.actor ?? '' });
    setFilters({ ...f, page: 1 });
  };
  const entities = state.kind === 'ready' ? state.data.entities : [];
  const page = filters.page ?? 1;

  return (
    <div className="space-y-6">
      <header>
        <h1 className="font-display text-2xl font-bold md:text-3xl">Audit log</h1>
        <p className="mt-1 text-sm text-fg-muted">Every change made in the studio or with the role command: who, what, when, and the row before and after.</p>
      </header>
      <form
        role="search"
        aria-label="Filter the audit log"
        className="grid gap-3 rounded-2xl border border-white/10 bg-ink-900 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto_auto] lg:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          apply({ entity: draft.entity || undefined, entityId: draft.entityId.trim() || undefined, actor: draft.actor.trim() || undefined });
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${formId}-entity`} className="text-sm font-semibold">
            What
          </label>
          <select id={`${formId}-entity`} className={inputClass} value={draft.entity} onChange={(e) => setDraft({ ...draft, entity: e.target.value })}>
            <option value="">Everything</option>
            {[...new Set([...entities, ...(draft.entity ? [draft.entity] : [])])].map((e) => (
              <option key={e} value={e}>
                {e.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${formId}-entityId`} className="text-sm font-semibold">
            Which (id)
          </label>
          <input id={`${formId}-entityId`} className={inputClass} value={draft.entityId} autoComplete="off" onChange={(e) => setDraft({ ...draft, entityId: e.target.value })} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${formId}-actor`} className="text-sm font-semibold">
            Who (e-mail or id)
          </label>
          <input id={`${formId}-actor`} className={inputClass} value={draft.actor} autoComplete="off" onChange={(e) => setDraft({ ...draft, actor: e.target.value })} />
        </div>
        <button type="submit" className={buttonClass('primary', 'sm', 'min-h-11')}>
          Filter
        </button>
        <button type="button" className={buttonClass('ghost', 'sm', 'min-h-11')} onClick={() => apply({})}>
          Clear
        </button>
      </form>

      <LoadStates state={state} reload={reload} label="audit entries" empty={(d) => d.data.length === 0}>
        {(d) => (
          <>
            <p className="text-sm text-fg-muted" role="status">
              {d.pagination.totalItems.toLocaleString('en-PH')} entr{d.pagination.totalItems === 1 ? 'y' : 'ies'}, newest first
            </p>
            <ol className="space-y-3">
              {d.data.map((e) => (
                <Entry key={e.id} entry={e} onFilter={apply} />
              ))}
            </ol>
            <nav aria-label="Audit log pages" className="flex items-center justify-between gap-2 text-sm">
              <button type="button" className={buttonClass('ghost', 'sm')} disabled={page <= 1} onClick={() => setFilters((f) => ({ ...f, page: page - 1 }))}>
                Newer
              </button>
              <span className="text-fg-muted">
                Page {d.pagination.currentPage} of {Math.max(1, d.pagination.totalPages)}
              </span>
              <button type="button" className={buttonClass('ghost', 'sm')} disabled={page >= d.pagination.totalPages} onClick={() => setFilters((f) => ({ ...f, page: page + 1 }))}>
                Older
              </button>
            </nav>
          </>
        )}
      </LoadStates>
    </div>
  );
}
