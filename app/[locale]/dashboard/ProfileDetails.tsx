'use client';

import { useAppSelector } from '@/store/hooks';
import { selectSessionStatus, selectUser } from '@/store/auth/selectors';
import { LOGIN_TYPE } from '@/lib/constants';

const SIGN_IN_METHODS: Record<number, string> = {
  [LOGIN_TYPE.GOOGLE]: 'Google',
  [LOGIN_TYPE.APPLE]: 'Apple',
  [LOGIN_TYPE.EMAIL]: 'Email and password',
};

const date = new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'Asia/Manila' });

function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : date.format(d);
}

/** The signed-in user's profile on /dashboard, from the store (the stored session, refreshed by fetchProfile). */
export function ProfileDetails() {
  const user = useAppSelector(selectUser);
  const session = useAppSelector(selectSessionStatus);

  if (!user) {
    if (session === 'idle' || session === 'pending') {
      return <div aria-hidden="true" className="h-40 animate-pulse rounded-3xl border border-white/5 bg-ink-900/60" />;
    }
    return (
      <section aria-labelledby="profile-details-title" className="rounded-3xl border border-white/5 bg-ink-900/70 p-6 md:p-8">
        <h2 id="profile-details-title" className="font-semibold">
          You are browsing as a guest
        </h2>
        <p className="mt-1 max-w-prose text-sm text-fg-muted">
          Log in or create an account to keep your list, your coins and your subscription on every device.
        </p>
      </section>
    );
  }

  // The profile card above already says 'Free Plan'; a subscriber's row adds what the card does not: until when.
  const plan = user.isVip
    ? user.vipLifetime
      ? 'Subscribed (lifetime)'
      : `Subscribed${formatDate(user.vipExpiresAt) ? ` until ${formatDate(user.vipExpiresAt)}` : ''}`
    : null;
  const rows: { term: string; value: string | null }[] = [
    { term: 'Name', value: user.name || null },
    { term: 'Email', value: user.email },
    { term: 'Signed in with', value: user.loginType ? (SIGN_IN_METHODS[user.loginType] ?? null) : null },
    { term: 'Plan', value: plan },
    { term: 'Coins', value: typeof user.coins === 'number' ? new Intl.NumberFormat('en-PH').format(user.coins) : null },
    { term: 'Member since', value: formatDate(user.createdAt) },
  ];

  return (
    <section aria-labelledby="profile-details-title" className="rounded-3xl border border-white/5 bg-ink-900/70 p-6 md:p-8">
      <h2 id="profile-details-title" className="font-semibold">
        Account details
      </h2>
      <dl className="mt-4 grid gap-x-8 gap-y-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="profile-details">
        {rows
          .filter((r) => r.value)
          .map((r) => (
            <div key={r.term} className="min-w-0">
              <dt className="text-xs font-semibold uppercase tracking-wider text-fg-subtle">{r.term}</dt>
              <dd className="mt-1 truncate text-sm text-fg">{r.value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
