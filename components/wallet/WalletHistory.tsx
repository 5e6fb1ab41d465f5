'use client';

import { useEffect, useId, type ReactNode } from 'react';
import clsx from 'clsx';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { formatDateTime, formatNumber } from '@/lib/format';
import { dashboardHref, episodeHref, receiptHref } from '@/lib/routes';
import type { CoinPlanHistoryEntry, LedgerEntry, UnlockHistoryEntry } from '@/lib/contracts/coins';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectUser } from '@/store/auth/selectors';
import { fetchCoinPlanHistory, fetchLedger, fetchUnlockHistory } from '@/store/coins/thunks';
import { selectCoinPlanHistory, selectLedger, selectUnlockHistory } from '@/store/coins/selectors';
import type { Paged } from '@/store/coins/slice';
import { paymentMethodName } from '@/components/checkout/payment-methods';
import { AutoUnlockSettings } from '@/components/coins/AutoUnlockSettings';
import { useCoinFormat } from '@/components/coins/use-coin-format';
import { buttonClass } from '@/components/ui/styles';

/**
 * The wallet's records for the signed-in viewer (issue 11 item 3): every coin movement with its date, coins, peso
 * value and the balance after; the coin plans bought (each the receipt of its top-up); the episodes unlocked, linking
 * to them; and the auto-unlock settings. Each list pages with 'Load more'.
 */

/** '+550' / '−15' (a real minus sign). */
export const signedCoins = (delta: number, locale: Locale = 'en') => `${delta > 0 ? '+' : delta < 0 ? '−' : ''}${formatNumber(Math.abs(delta), locale)}`;

/** A date on the wallet: the one purchase and receipt format (lib/format formatDateTime), in a <time>. */
function When({ iso }: { iso: string | null | undefined }) {
  const locale = useLocale();
  return iso ? <time dateTime={iso}>{formatDateTime(iso, locale)}</time> : null;
}

export function WalletHistory() {
  const dispatch = useAppDispatch();
  const isGuest = useAppSelector(selectIsGuest);
  const userId = useAppSelector(selectUser)?._id ?? null;
  const ledger = useAppSelector(selectLedger);
  const planHistory = useAppSelector(selectCoinPlanHistory);
  const unlockHistory = useAppSelector(selectUnlockHistory);
  const t = useTranslations('wallet.history');

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
        title={t('ledger.title')}
        hint={t('ledger.hint')}
        testId="wallet-ledger"
        part={ledger}
        empty={t('ledger.empty')}
        onRetry={(page) => void dispatch(fetchLedger({ page }))}
        className="lg:row-span-3"
        render={(items) => (
          <ul className="divide-y divide-white/5" aria-label={t('ledger.title')}>
            {items.map((e) => (
              <LedgerRow key={e._id} entry={e} />
            ))}
          </ul>
        )}
      />
      <Section
        title={t('topUps.title')}
        hint={t.rich('topUps.hint', {
          link: (chunks) => (
            <Link href={dashboardHref()} className="font-semibold text-gold-300 underline-offset-2 hover:underline">
              {chunks}
            </Link>
          ),
        })}
        testId="wallet-top-ups"
        part={planHistory}
        empty={t('topUps.empty')}
        onRetry={(page) => void dispatch(fetchCoinPlanHistory({ page }))}
        render={(items) => (
          <ul className="divide-y divide-white/5" aria-label={t('topUps.title')}>
            {items.map((e) => (
              <TopUpRow key={e._id} entry={e} />
            ))}
          </ul>
        )}
      />
      <Section
        title={t('unlocks.title')}
        hint={t('unlocks.hint')}
        testId="wallet-unlocks"
        part={unlockHistory}
        empty={t('unlocks.empty')}
        onRetry={(page) => void dispatch(fetchUnlockHistory({ page }))}
        render={(items) => (
          <ul className="divide-y divide-white/5" aria-label={t('unlocks.title')}>
            {items.map((e) => (
              <UnlockRow key={e._id} entry={e} />
            ))}
          </ul>
        )}
      />
      <section aria-labelledby="auto-unlock-heading" className="rounded-3xl border border-white/5 bg-ink-900/70 p-5 sm:p-6">
        <h2 id="auto-unlock-heading" className="font-semibold">
          {t('autoUnlock.title')}
        </h2>
        <p className="mb-4 mt-1 text-sm text-fg-muted">{t('autoUnlock.text')}</p>
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
  const t = useTranslations('wallet.history');
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
            {t('loading')}
          </p>
        ) : status === 'failed' && items.length === 0 ? (
          <div className="flex flex-wrap items-center gap-3 py-2">
            <p role="alert" className="text-sm text-red-300">
              {error}
            </p>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => onRetry(1)}>
              {t('tryAgain')}
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
                {status === 'pending' ? t('loading') : t('loadMore')}
              </button>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

const LEDGER_REASONS = ['coin_plan_purchase', 'episode_unlock', 'episode_auto_unlock', 'series_unlock', 'refund', 'bonus', 'adjustment'] as const;
const knownReason = (reason: string): reason is (typeof LEDGER_REASONS)[number] => (LEDGER_REASONS as readonly string[]).includes(reason);

function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const t = useTranslations('wallet.history.ledger');
  const locale = useLocale();
  const f = useCoinFormat();
  const credit = entry.delta > 0;
  // The server's label is English; a movement of a known kind is named in the page's language.
  const name = knownReason(entry.reason) ? t(`reasons.${entry.reason}`) : entry.label;
  const label = entry.href ? (
    <Link href={entry.href} className="font-medium text-fg underline-offset-2 hover:underline">
      {name}
    </Link>
  ) : (
    <span className="font-medium text-fg">{name}</span>
  );
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 py-3 text-sm" data-testid="ledger-entry">
      <div className="min-w-0">
        {label}
        <p className="text-xs text-fg-subtle">
          <When iso={entry.createdAt} />
        </p>
      </div>
      <div className="text-right">
        <p className={clsx('font-semibold tabular-nums', credit ? 'text-emerald-300' : 'text-fg')} data-testid="ledger-delta">
          {signedCoins(entry.delta, locale)} <span className="sr-only">{t('coins')}</span>
          <span aria-hidden="true" className="text-xs font-normal text-fg-subtle">
            {' '}
            {t('coins')}
          </span>
        </p>
        <p className="text-xs text-fg-subtle tabular-nums">
          <span data-testid="ledger-pesos">{f.pesos(entry.centavos)}</span> ·{' '}
          {t.rich('balanceAfter', {
            balance: f.number(entry.balanceAfter),
            value: (chunks) => <span data-testid="ledger-balance-after">{chunks}</span>,
          })}
        </p>
      </div>
    </li>
  );
}

function TopUpRow({ entry }: { entry: CoinPlanHistoryEntry }) {
  const t = useTranslations('wallet.history.topUps');
  const f = useCoinFormat();
  const method = entry.paymentMethod ? paymentMethodName(entry.paymentMethod) : '—';
  const item = f.coins(entry.totalCoins);
  return (
    <li id={`receipt-${entry._id}`} className="scroll-mt-24 py-3 text-sm target:rounded-xl target:bg-gold-900/30 target:px-3" data-testid="top-up-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <p className="font-medium">
          {item}
          {entry.bonusCoins > 0 ? <span className="text-fg-muted"> {t('split', { coins: f.number(entry.coins), bonus: f.number(entry.bonusCoins) })}</span> : null}
        </p>
        <p className="font-semibold tabular-nums">{f.planPesos(entry)}</p>
      </div>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-xs text-fg-subtle">
        <dt>{t('paid')}</dt>
        <dd data-testid="top-up-paid">
          <When iso={entry.paidAt} />
        </dd>
        <dt>{t('method')}</dt>
        <dd>{method}</dd>
        {entry.requestId ? (
          <>
            <dt>{t('reference')}</dt>
            <dd className="break-all font-mono">{entry.requestId}</dd>
          </>
        ) : null}
      </dl>
      <Link
        href={receiptHref(entry._id)}
        aria-label={t('viewReceiptLabel', { item })}
        className="mt-1.5 inline-flex min-h-6 items-center text-xs font-semibold text-gold-300 underline-offset-2 hover:underline"
      >
        {t('viewReceipt')}
      </Link>
    </li>
  );
}

function UnlockRow({ entry }: { entry: UnlockHistoryEntry }) {
  const t = useTranslations('wallet.history.unlocks');
  const f = useCoinFormat();
  const href = episodeHref({ _id: entry.movieSeries._id, name: entry.movieSeries.name }, entry.episodeNumber);
  return (
    <li className="flex items-start justify-between gap-4 py-3 text-sm" data-testid="unlock-entry">
      <div className="min-w-0">
        <Link href={href} className="font-medium text-fg underline-offset-2 hover:underline">
          {t('episode', { series: entry.movieSeries.name, number: entry.episodeNumber })}
        </Link>
        <p className="text-xs text-fg-subtle">
          {entry.title ? `${entry.title} · ` : ''}
          <When iso={entry.createdAt} />
          {entry.auto ? ` · ${t('auto')}` : ''}
        </p>
      </div>
      <p className="shrink-0 text-right tabular-nums">
        {entry.coinsSpent > 0 ? (
          <>
            {f.coins(entry.coinsSpent)}
            <span className="block text-xs text-fg-subtle">{f.coinPesos(entry.coinsSpent)}</span>
          </>
        ) : (
          <span className="text-fg-subtle">{t('seriesUnlock')}</span>
        )}
      </p>
    </li>
  );
}
