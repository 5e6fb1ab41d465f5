'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { fetchStudioUser, studioAccessError, studioErrorMessage } from '@/lib/api/studio';
import type { StudioUser } from '@/lib/contracts/studio';
import type { StudioRole } from '@/lib/contracts/auth';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectSessionStatus, selectUser } from '@/store/auth/selectors';
import { loginDialogOpened } from '@/store/ui/slice';
import { buttonClass, containerClass } from '@/components/ui/styles';
import { studioHref } from '@/lib/routes';

/** The studio's sections; `role` is the least role that sees the link (the server checks every call again). */
export const STUDIO_NAV: { href: string; label: string; role: StudioRole }[] = [
  { href: studioHref('titles'), label: 'Titles', role: 'editor' },
  { href: studioHref('banners'), label: 'Banners', role: 'editor' },
  { href: studioHref('insights'), label: 'Insights', role: 'editor' },
  { href: studioHref('prices'), label: 'Prices & plans', role: 'admin' },
  { href: studioHref('users'), label: 'Users', role: 'admin' },
  { href: studioHref('payments'), label: 'Payments', role: 'admin' },
  { href: studioHref('audit'), label: 'Audit log', role: 'admin' },
];

const StudioUserContext = createContext<StudioUser | null>(null);

/** The signed-in studio user (inside StudioShell only). */
export function useStudioUser(): StudioUser {
  const user = useContext(StudioUserContext);
  if (!user) throw new Error('useStudioUser outside StudioShell');
  return user;
}

export const isAdmin = (user: StudioUser) => user.role === 'admin';

type State = { kind: 'loading' } | { kind: 'signin' } | { kind: 'forbidden' } | { kind: 'error'; message: string } | { kind: 'ready'; user: StudioUser };

/**
 * Every studio page sits in this shell: it waits for the session restore, asks the server who the user is
 * (GET api/admin/me) and shows the sign-in prompt to guests, 'no access' to viewers, and the navigation to editors
 * and admins. It only decides what to show; each studio call is authorised by the server.
 */
export function StudioShell({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const sessionStatus = useAppSelector(selectSessionStatus);
  const isGuest = useAppSelector(selectIsGuest);
  const account = useAppSelector(selectUser);
  const pathname = usePathname();
  const [fetched, setFetched] = useState<{ accountId: string; state: State } | null>(null);
  const restoring = sessionStatus === 'idle' || sessionStatus === 'pending';
  const accountId = account?._id ?? null;

  useEffect(() => {
    if (restoring || isGuest || !accountId) return;
    let live = true;
    fetchStudioUser().then(
      (user) => live && setFetched({ accountId, state: { kind: 'ready', user } }),
      (err: unknown) => {
        if (!live) return;
        const access = studioAccessError(err);
        setFetched({ accountId, state: access ? { kind: access } : { kind: 'error', message: studioErrorMessage(err) } });
      },
    );
    return () => {
      live = false;
    };
  }, [restoring, isGuest, accountId]);

  const state: State = restoring
    ? { kind: 'loading' }
    : isGuest || !accountId
      ? { kind: 'signin' }
      : fetched?.accountId === accountId
        ? fetched.state
        : { kind: 'loading' };

  if (state.kind !== 'ready') {
    return (
      <div className={clsx(containerClass, 'py-16')}>
        <div className="mx-auto max-w-md rounded-3xl border border-white/10 bg-ink-900 p-8 text-center" role={state.kind === 'loading' ? 'status' : undefined}>
          <h1 className="font-display text-2xl font-bold">Studio</h1>
          {state.kind === 'loading' && <p className="mt-3 text-fg-muted">Checking your access…</p>}
          {state.kind === 'signin' && (
            <>
              <p className="mt-3 text-fg-muted">Log in with a studio account to manage titles, prices and users.</p>
              <button type="button" className={buttonClass('primary', 'md', 'mt-6')} onClick={() => dispatch(loginDialogOpened())}>
                Log in
              </button>
            </>
          )}
          {state.kind === 'forbidden' && (
            <p className="mt-3 text-fg-muted" role="alert">
              This account has no studio access. Ask an admin to grant you the editor role.
            </p>
          )}
          {state.kind === 'error' && (
            <p className="mt-3 text-red-300" role="alert">
              {state.message}
            </p>
          )}
        </div>
      </div>
    );
  }

  const links = STUDIO_NAV.filter((l) => l.role === 'editor' || isAdmin(state.user));
  return (
    <StudioUserContext.Provider value={state.user}>
      <div className={clsx(containerClass, 'flex flex-col gap-6 py-6 lg:flex-row lg:py-10')}>
        <nav aria-label="Studio" className="lg:w-56 lg:shrink-0">
          <p className="mb-3 text-xs font-semibold uppercase tracking-[0.2em] text-kilig-300">Studio</p>
          <ul className="flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
            {links.map((l) => {
              const active = pathname === l.href || pathname.startsWith(`${l.href}/`);
              return (
                <li key={l.href} className="shrink-0">
                  <Link
                    href={l.href}
                    aria-current={active ? 'page' : undefined}
                    className={clsx(
                      'block min-h-11 rounded-xl px-4 py-2.5 text-sm font-semibold transition',
                      active ? 'bg-kilig-600 text-white' : 'text-fg-muted hover:bg-white/10 hover:text-fg',
                    )}
                  >
                    {l.label}
                  </Link>
                </li>
              );
            })}
          </ul>
          <p className="mt-4 hidden text-xs text-fg-subtle lg:block">
            {state.user.email} · {state.user.role}
          </p>
        </nav>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </StudioUserContext.Provider>
  );
}
