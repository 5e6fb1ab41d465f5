'use client';

import { useId, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { fetchUsers, setUserBlocked, setUserRole } from '@/lib/api/studio-admin';
import type { StudioUserRow, UserFilters } from '@/lib/contracts/studio-admin';
import { isAdmin, useStudioUser } from '@/components/studio/StudioShell';
import { inputClass } from '@/components/studio/forms/fields';
import { AdminsOnly } from '@/components/studio/prices/AdminsOnly';
import { LoadStates, StatusLine, runRow, useLoad, type RowStatus } from '@/components/studio/prices/ui';
import { buttonClass } from '@/components/ui/styles';

const PAGE_SIZE = 20;
const dateTime = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' });
const date = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'Asia/Manila' });
const when = (iso: string | null, f = dateTime) => (iso ? f.format(new Date(iso)) : '—');

function vipText(u: StudioUserRow): string {
  if (u.vipLifetime) return 'VIP · lifetime';
  if (u.isVip && u.vipExpiresAt) return `VIP until ${when(u.vipExpiresAt, date)}`;
  return u.vipExpiresAt ? `Expired ${when(u.vipExpiresAt, date)}` : 'No';
}

/** A table cell that, on a phone, is a labelled line of a stacked card. */
function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td data-label={label} className={clsx('flex gap-3 px-3 py-1 text-sm md:table-cell md:py-3 md:align-top', 'before:w-24 before:shrink-0 before:text-fg-muted before:content-[attr(data-label)] md:before:content-none', className)}>
      <span className="min-w-0 break-words">{children}</span>
    </td>
  );
}

/** Block/unblock (with a second press to confirm a block) and viewer ↔ editor, for one account. */
function UserActions({ user, self, onChanged }: { user: StudioUserRow; self: boolean; onChanged: (u: StudioUserRow) => void }) {
  const id = useId();
  const [status, setStatus] = useState<RowStatus>({ kind: 'idle' });
  const [confirmBlock, setConfirmBlock] = useState(false);
  const who = user.email ?? user.name ?? user.id;

  if (self) return <p className="text-xs text-fg-muted">This is you: your own role and access cannot be changed here.</p>;
  if (user.role === 'admin') return <p className="text-xs text-fg-muted">Admin: changed only with <code>npm run user:role</code> on the server.</p>;

  const busy = status.kind === 'busy';
  const act = (call: () => Promise<StudioUserRow>, saved: string) => runRow(setStatus, async () => onChanged(await call()), saved);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-role`} className="sr-only">
          Role of {who}
        </label>
        <select
          id={`${id}-role`}
          className={clsx(inputClass, 'w-auto')}
          value={user.role}
          disabled={busy}
          onChange={(e) => act(() => setUserRole(user.id, e.target.value as 'viewer' | 'editor'), `Now ${e.target.value === 'editor' ? 'an editor' : 'a viewer'}.`)}
        >
          <option value="viewer">Viewer</option>
          <option value="editor">Editor</option>
        </select>
        {user.isBlocked ? (
          <button type="button" className={buttonClass('secondary', 'sm')} disabled={busy} onClick={() => act(() => setUserBlocked(user.id, false), 'Unblocked. They can sign in again.')}>
            Unblock
          </button>
        ) : confirmBlock ? (
          <>
            <button
              type="button"
              className={buttonClass('secondary', 'sm', 'text-red-200')}
              disabled={busy}
              onClick={async () => {
                setConfirmBlock(false);
                await act(() => setUserBlocked(user.id, true), 'Blocked. Their sessions have ended.');
              }}
            >
              Block {who}
            </button>
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setConfirmBlock(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className={buttonClass('ghost', 'sm')} disabled={busy} onClick={() => setConfirmBlock(true)}>
            Block
          </button>
        )}
      </div>
      <StatusLine status={status} id={`${id}-status`} />
    </div>
  );
}

/** /studio/users: find accounts, see their standing, block them or make them editors. Admins only. */
export function UsersPage() {
  const me = useStudioUser();
  if (!isAdmin(me)) return <AdminsOnly what="Users" />;
  return <UsersAdmin meId={me.id} />;
}

function UsersAdmin({ meId }: { meId: string }) {
  const formId = useId();
  const [draft, setDraft] = useState<{ q: string; role: string; blocked: string }>({ q: '', role: '', blocked: '' });
  const [filters, setFilters] = useState<UserFilters>({ page: 1 });
  const { state, reload, set } = useLoad(() => fetchUsers({ ...filters, limit: PAGE_SIZE }), [filters.q, filters.role, filters.blocked, filters.page]);

  const replaceRow = (u: StudioUserRow) => {
    if (state.kind === 'ready') set({ ...state.data, data: state.data.data.map((r) => (r.id === u.id ? u : r)) });
  };

  return (
    <div className="space-y-6">
      <header>
        <h1 className="font-display text-2xl font-bold md:text-3xl">Users</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Block an account (its sessions end at once) or make it an editor. The admin role is granted only on the server: <code>npm run user:role -- &lt;email&gt; admin</code>.
        </p>
      </header>

      <form
        role="search"
        aria-label="Find users"
        className="grid gap-3 rounded-2xl border border-white/10 bg-ink-900 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ q: draft.q.trim() || undefined, role: (draft.role || undefined) as UserFilters['role'], blocked: (draft.blocked || undefined) as UserFilters['blocked'], page: 1 });
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${formId}-q`} className="text-sm font-semibold">
            E-mail, name or id
          </label>
          <input id={`${formId}-q`} type="search" className={inputClass} value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${formId}-role`} className="text-sm font-semibold">
            Role
          </label>
          <select id={`${formId}-role`} className={inputClass} value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value })}>
            <option value="">Any</option>
            <option value="viewer">Viewer</option>
            <option value="editor">Editor</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${formId}-blocked`} className="text-sm font-semibold">
            Access
          </label>
          <select id={`${formId}-blocked`} className={inputClass} value={draft.blocked} onChange={(e) => setDraft({ ...draft, blocked: e.target.value })}>
            <option value="">Any</option>
            <option value="false">Active</option>
            <option value="true">Blocked</option>
          </select>
        </div>
        <button type="submit" className={buttonClass('primary', 'sm', 'min-h-11')}>
          Search
        </button>
      </form>

      <LoadStates state={state} reload={reload} label="users" empty={(d) => d.data.length === 0}>
        {(d) => (
          <>
            <p className="text-sm text-fg-muted" role="status">
              {d.pagination.totalItems.toLocaleString('en-PH')} account(s)
            </p>
            <table className="block w-full md:table md:border-collapse">
              <caption className="sr-only">Users</caption>
              <thead className="sr-only md:not-sr-only">
                <tr className="text-left text-xs uppercase tracking-wide text-fg-muted">
                  <th scope="col" className="px-3 py-2">Account</th>
                  <th scope="col" className="px-3 py-2">Role</th>
                  <th scope="col" className="px-3 py-2">VIP</th>
                  <th scope="col" className="px-3 py-2">Coins</th>
                  <th scope="col" className="px-3 py-2">Created</th>
                  <th scope="col" className="px-3 py-2">Last login</th>
                  <th scope="col" className="px-3 py-2">Actions</th>
                </tr>
              </thead>
              <tbody className="block space-y-3 md:table-row-group md:space-y-0">
                {d.data.map((u) => (
                  <tr key={u.id} className="block rounded-2xl border border-white/10 bg-ink-900 py-2 md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:bg-transparent">
                    <Cell label="Account">
                      <span className="block font-semibold text-fg">{u.name || '(no name)'}</span>
                      <span className="block text-fg-muted">{u.email ?? (u.isAnonymous ? 'Guest' : '—')}</span>
                      <span className="block font-mono text-xs text-fg-subtle">{u.id}</span>
                    </Cell>
                    <Cell label="Role">
                      <span className="capitalize">{u.role}</span>
                      {u.isBlocked ? <span className="ml-2 rounded-full bg-red-500/20 px-2 py-0.5 text-xs font-semibold text-red-200">Blocked</span> : null}
                    </Cell>
                    <Cell label="VIP">{vipText(u)}</Cell>
                    <Cell label="Coins">{u.coins.toLocaleString('en-PH')}</Cell>
                    <Cell label="Created">{when(u.createdAt)}</Cell>
                    <Cell label="Last login">{when(u.lastLoginAt)}</Cell>
                    <Cell label="Actions" className="md:min-w-56">
                      <UserActions user={u} self={u.id === meId} onChanged={replaceRow} />
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
            <nav aria-label="Users pages" className="flex items-center justify-between gap-2 text-sm">
              <button type="button" className={buttonClass('ghost', 'sm')} disabled={(filters.page ?? 1) <= 1} onClick={() => setFilters((f) => ({ ...f, page: (f.page ?? 1) - 1 }))}>
                Previous
              </button>
              <span className="text-fg-muted">
                Page {d.pagination.currentPage} of {Math.max(1, d.pagination.totalPages)}
              </span>
              <button type="button" className={buttonClass('ghost', 'sm')} disabled={(filters.page ?? 1) >= d.pagination.totalPages} onClick={() => setFilters((f) => ({ ...f, page: (f.page ?? 1) + 1 }))}>
                Next
              </button>
            </nav>
          </>
        )}
      </LoadStates>
    </div>
  );
}
