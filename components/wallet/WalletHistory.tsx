'use client';

import Link from 'next/link';
import { useEffect, useId, type ReactNode } from 'react';
import clsx from 'clsx';
import { formatPesos } from '@/lib/format';
import { dashboardHref, episodeHref } from '@/lib/routes';
import type { CoinPlanHistoryEntry, LedgerEntry, UnlockHistoryEntry } from '@/lib/contracts/coins';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectUser } from '@/store/auth/selectors';
import { fetchCoinPlanHistory, fetchLedger, fetchUnlockHistory } from '@/store/coins/thunks';
import { selectCoinPlanHistory, selectLedger, selectUnlockHistory } from '@/store/coins/selectors';
import type { Paged } from '@/store/coins/slice';
import { paymentMethodName } from '@/components/checkout/payment-methods';
import { AutoUnlockSettings } from '@/components/coins/AutoUnlockSettings';
import { coinPesos, coinsLabel } from '@/components/coins/coin-format';
import { buttonClass } from '@/components/ui/styles';

/**
 * The wallet's records for the signed-in viewer (issue 11 item 3): every coin movement with its date, coins, peso
 * value and the balance after; the coin plans bought (each the receipt of its top-up); the episodes unlocked, linking
 * to them; and the auto-unlock settings. Each list pages with 'Load more'.
 */

const dateTime = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' });
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d);
}

/** '+550' / '−15' (a real minus sign). */
export const signedCoins = (delta: number) => `${delta > 0 ? '+' : delta < 0 ? '−' : ''}${Math.abs(delta).toLocaleString('en-PH')}`;

export function WalletHistory() {
  const dispatch = useAppDispatch();
  const isGuest = useAppSelector(selectIsGuest);
  const userId = useAppSelector(selectUser)?._id ?? null;
  const ledger = useAppSelector(selectLedger);
  const planHistory = useAppSelector(selectCoinPlanHistory);
  const unlockHistory = useAppSelector(selectUnlockHistory);

  // First pages for this viewer; a charge elsewhere marks them stale ('idle'), so coming back reads them again.
  useEffect(() => {
    if (isGuest || !userId) return;
    if (ledger.status === 'idle') void dispatch(fetchLedger());
    if (planHistory.status === 'idle') void dispatch(fetchCoinPlanHistory());
    if (unlockHistory.status === 'idle') void dispatch(fetchUnlockHistory());
  }, [dispatch, isGuest, userId, ledger.status, planHistory.status, unlockHistory.status]);

  // A receipt link (/wallet#receipt-…) lands on its top-up once the list is there.
  useEffect(() => {
    if (planHistory.status !== 'succeeded' || !window.location.hash.startsWith('#receipt-')) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView({ block: 'center' });
  }, [planHistory.status]);

  if (isGuest || !userId) return null;

  return (
    <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Section
        title="Coin movements"
        hint="Every top-up, unlock and refund, newest first."
        testId="wallet-ledger"
        part={ledger}
        empty="No coin movements yet. Top up to get started."
        onRetry={(page) => void dispatch(fetchLedger({ page }))}
        className="lg:row-span-3"
        render={(items) => (
          <ul className="divide-y divide-white/5" aria-label="Coin movements">
            {items.map((e) => (
              <LedgerRow key={e._id} entry={e} />
            ))}
          </ul>
        )}
      />
      <Section
        title="Top-ups"
        hint={
          <>
            Coin plans you bought; each is the receipt of its payment. All receipts are also in your{' '}
            <Link href={dashboardHref()} className="font-semibold text-gold-300 underline-offset-2 hover:underline">
              dashboard
            </Link>
            .
          </>
        }
        testId="wallet-top-ups"
        part={planHistory}
        empty="No top-ups yet."
        onRetry={(page) => void dispatch(fetchCoinPlanHistory({ page }))}
        render={(items) => (
          <ul className="divide-y divide-white/5" aria-label="Top-ups">
            {items.map((e) => (
              <TopUpRow key={e._id} entry={e} />
            ))}
          </ul>
        )}
      />
      <Section
        title="Unlocked episodes"
        hint="Yours to rewatch; never charged twice."
        testId="wallet-unlocks"
        part={unlockHistory}
        empty="No episodes unlocked with coins yet."
        onRetry={(page) => void dispatch(fetchUnlockHistory({ page }))}
        render={(items) => (
          <ul className="divide-y divide-white/5" aria-label="Unlocked episodes">
            {items.map((e) => (
              <UnlockRow key={e._id} entry={e} />
            ))}
          </ul>
        )}
      />
      <section aria-labelledby="auto-unlock-heading" className="rounded-3xl border border-white/5 bg-ink-900/70 p-5 sm:p-6">
        <h2 id="auto-unlock-heading" className="font-semibold">
          Auto-unlock
        </h2>
        <p className="mb-4 mt-1 text-sm text-fg-muted">
          Unlock the next episode with coins as soon as you reach it, up to a daily cap you choose. Off unless you turn it on.
        </p>
        <AutoUnlockSettings />
      </section>
    </div>
  );
}

function Section<T>({
  title,
  hint,
  testId,
  part,
  empty,
  onRetry,
  render,
  className,
}: {
  title: string;
  hint: ReactNode;
  testId: string;
  part: Paged<T>;
  empty: string;
  onRetry: (page: number) => void;
  render: (items: T[]) => ReactNode;
  className?: string;
}) {
  const headingId = useId();
  const { items, pagination, status, error } = part;
  const page = pagination?.currentPage ?? 1;
  const more = pagination ? pagination.currentPage < pagination.totalPages : false;
  const loadingFirst = status === 'idle' || (status === 'pending' && items.length === 0);
  return (
    <section aria-labelledby={headingId} data-testid={testId} className={clsx('min-w-0 rounded-3xl border border-white/5 bg-ink-900/70 p-5 sm:p-6', className)}>
      <h2 id={headingId} className="font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{hint}</p>
      <div className="mt-3" aria-busy={status === 'pending'}>
        {loadingFirst ? (
          <p role="status" className="py-4 text-sm text-fg-muted">
            Loading…
          </p>
        ) : status === 'failed' && items.length === 0 ? (
          <div className="flex flex-wrap items-center gap-3 py-2">
            <p role="alert" className="text-sm text-red-300">
              {error}
            </p>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => onRetry(1)}>
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="py-4 text-sm text-fg-muted">{empty}</p>
        ) : (
          <>
            {render(items)}
            {status === 'failed' ? (
              <p role="alert" className="mt-2 text-sm text-red-300">
                {error}
              </p>
            ) : null}
            {more || status === 'failed' ? (
              <button
                type="button"
                className={buttonClass('secondary', 'sm', 'mt-4 w-full sm:w-auto')}
                disabled={status === 'pending'}
                onClick={() => onRetry(status === 'failed' && !more ? page : page + 1)}
              >
                {status === 'pending' ? 'Loading…' : 'Load more'}
              </button>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const credit = entry.delta > 0;
  const label = entry.href ? (
    <Link href={entry.href} className="font-medium text-fg underline-offset-2 hover:underline">
      {entry.label}
    </Link>
  ) : (
    <span className="font-medium text-fg">{entry.label}</span>
  );
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 py-3 text-sm" data-testid="ledger-entry">
      <div className="min-w-0">
        {label}
        <p className="text-xs text-fg-subtle">
          <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
        </p>
      </div>
      <div className="text-right">
        <p className={clsx('font-semibold tabular-nums', credit ? 'text-emerald-300' : 'text-fg')} data-testid="ledger-delta">
          {signedCoins(entry.delta)} <span className="sr-only">coins</span>
          <span aria-hidden="true" className="text-xs font-normal text-fg-subtle">
            {' '}
            coins
          </span>
        </p>
        <p className="text-xs text-fg-subtle tabular-nums">
          <span data-testid="ledger-pesos">{formatPesos(entry.centavos)}</span> · balance <span data-testid="ledger-balance-after">{entry.balanceAfter.toLocaleString('en-PH')}</span>
        </p>
      </div>
    </li>
  );
}

function TopUpRow({ entry }: { entry: CoinPlanHistoryEntry }) {
  const method = entry.paymentMethod ? paymentMethodName(entry.paymentMethod) : '—';
  return (
    <li id={`receipt-${entry._id}`} className="scroll-mt-24 py-3 text-sm target:rounded-xl target:bg-gold-900/30 target:px-3" data-testid="top-up-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <p className="font-medium">
          {coinsLabel(entry.totalCoins)}
          {entry.bonusCoins > 0 ? <span className="text-fg-muted"> ({entry.coins.toLocaleString('en-PH')} + {entry.bonusCoins.toLocaleString('en-PH')} bonus)</span> : null}
        </p>
        <p className="font-semibold tabular-nums">{formatPesos(Number.isFinite(entry.priceCentavos) ? entry.priceCentavos : Math.round(entry.price * 100))}</p>
      </div>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-xs text-fg-subtle">
        <dt>Paid</dt>
        <dd>
          <time dateTime={entry.paidAt}>{formatWhen(entry.paidAt)}</time>
        </dd>
        <dt>Method</dt>
        <dd>{method}</dd>
        {entry.requestId ? (
          <>
            <dt>Reference</dt>
            <dd className="break-all font-mono">{entry.requestId}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

function UnlockRow({ entry }: { entry: UnlockHistoryEntry }) {
  const href = episodeHref({ _id: entry.movieSeries._id, name: entry.movieSeries.name }, entry.episodeNumber);
  return (
    <li className="flex items-start justify-between gap-4 py-3 text-sm" data-testid="unlock-entry">
      <div className="min-w-0">
        <Link href={href} className="font-medium text-fg underline-offset-2 hover:underline">
          {entry.movieSeries.name} · Episode {entry.episodeNumber}
        </Link>
        <p className="text-xs text-fg-subtle">
          {entry.title ? `${entry.title} · ` : ''}
          <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
          {entry.auto ? ' · auto-unlocked' : ''}
        </p>
      </div>
      <p className="shrink-0 text-right tabular-nums">
        {entry.coinsSpent > 0 ? (
          <>
            {coinsLabel(entry.coinsSpent)}
            <span className="block text-xs text-fg-subtle">{coinPesos(entry.coinsSpent)}</span>
          </>
        ) : (
          <span className="text-fg-subtle">Series unlock</span>
        )}
      </p>
    </li>
  );
}
