'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { studioErrorMessage } from '@/lib/api/studio';
import { buttonClass } from '@/components/ui/styles';

/** Pieces the admin pages share: load states, the save status of a row, an on/off switch. */

export type Load<T> = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; data: T };

/** Loads on mount, when `deps` change and on `reload()`; `set` replaces the data with a server's answer. */
export function useLoad<T>(fetcher: () => Promise<T>, deps: unknown[] = []) {
  const [state, setState] = useState<Load<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  // Bumped by `set`: a load that started before a newer answer was put in place must not overwrite it.
  const version = useRef(0);
  useEffect(() => {
    let live = true;
    const started = version.current;
    const current = () => live && started === version.current;
    fetcher().then(
      (data) => current() && setState({ kind: 'ready', data }),
      (err: unknown) => current() && setState({ kind: 'error', message: studioErrorMessage(err) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the fetch depends on
  }, [round, ...deps]);
  // Data on screen stays while it refreshes; an error gives way to the loading state.
  const reload = useCallback(() => {
    setState((s) => (s.kind === 'error' ? { kind: 'loading' } : s));
    setRound((n) => n + 1);
  }, []);
  const set = useCallback((data: T) => {
    version.current += 1;
    setState({ kind: 'ready', data });
  }, []);
  return { state, reload, set };
}

/** Loading, error (with Try again) and empty states around a list. */
export function LoadStates<T>({ state, reload, empty, label, children }: { state: Load<T>; reload: () => void; empty: (data: T) => boolean; label: string; children: (data: T) => ReactNode }) {
  if (state.kind === 'loading') {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading {label}…</span>
        {[0, 1].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-2xl bg-white/5" />
        ))}
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div role="alert" className="rounded-2xl border border-red-400/30 bg-red-500/10 p-4 text-sm">
        <p className="text-red-200">Could not load {label}: {state.message}</p>
        <button type="button" className={buttonClass('secondary', 'sm', 'mt-3')} onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  if (empty(state.data)) return <p className="rounded-2xl border border-dashed border-white/10 p-6 text-center text-sm text-fg-muted">No {label} yet.</p>;
  return <>{children(state.data)}</>;
}

export type RowStatus = { kind: 'idle' } | { kind: 'busy' } | { kind: 'saved'; message: string } | { kind: 'error'; message: string };

/** The outcome of a row's last action, read out by screen readers as it changes. */
export function StatusLine({ status, id }: { status: RowStatus; id: string }) {
  return (
    <p id={id} role={status.kind === 'error' ? 'alert' : 'status'} className={clsx('min-h-5 text-xs', status.kind === 'error' ? 'text-red-300' : 'text-emerald-300')}>
      {status.kind === 'saved' || status.kind === 'error' ? status.message : status.kind === 'busy' ? <span className="text-fg-muted">Saving…</span> : null}
    </p>
  );
}

/** Runs a server call for a row, keeping its status; answers whether it succeeded. */
export async function runRow(setStatus: (s: RowStatus) => void, action: () => Promise<unknown>, saved: string): Promise<boolean> {
  setStatus({ kind: 'busy' });
  try {
    await action();
    setStatus({ kind: 'saved', message: saved });
    return true;
  } catch (err) {
    setStatus({ kind: 'error', message: studioErrorMessage(err) });
    return false;
  }
}

/** An on/off switch (a button with role switch: Space and Enter toggle it). */
export function ActiveSwitch({ checked, onChange, label, disabled }: { checked: boolean; onChange: (next: boolean) => void; label: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="inline-flex min-h-11 items-center gap-2 rounded-full px-1 text-sm font-semibold text-fg disabled:opacity-50"
    >
      <span className={clsx('relative inline-flex h-6 w-11 shrink-0 rounded-full transition', checked ? 'bg-emerald-500' : 'bg-white/20')}>
        <span className={clsx('absolute top-0.5 size-5 rounded-full bg-white transition-all', checked ? 'left-[1.375rem]' : 'left-0.5')} />
      </span>
      <span aria-hidden="true">{checked ? 'Active' : 'Inactive'}</span>
    </button>
  );
}

/** Move up / Move down for a row of an ordered list. */
export function MoveButtons({ index, count, onMove, name, disabled }: { index: number; count: number; onMove: (from: number, to: number) => void; name: string; disabled?: boolean }) {
  return (
    <div className="flex gap-1">
      <button type="button" className={buttonClass('ghost', 'sm', 'size-11 px-0')} aria-label={`Move ${name} up`} disabled={disabled || index === 0} onClick={() => onMove(index, index - 1)}>
        ↑
      </button>
      <button type="button" className={buttonClass('ghost', 'sm', 'size-11 px-0')} aria-label={`Move ${name} down`} disabled={disabled || index === count - 1} onClick={() => onMove(index, index + 1)}>
        ↓
      </button>
    </div>
  );
}

/** The ids in the new order after moving one row. */
export function moved<T extends { id: string }>(rows: T[], from: number, to: number): string[] {
  const ids = rows.map((r) => r.id);
  const [id] = ids.splice(from, 1);
  ids.splice(to, 0, id);
  return ids;
}

export const cardClass = 'rounded-2xl border border-white/10 bg-ink-900 p-4';
