'use client';

import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { fetchReceipt } from '@/lib/api/receipts';
import { errorMessages, isApiError } from '@/lib/api/errors';
import type { Receipt } from '@/lib/contracts/receipts';
import { publicEnv } from '@/lib/public-env';
import { dashboardHref } from '@/lib/routes';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectSessionStatus, selectSignedInUserId } from '@/store/auth/selectors';
import { loginDialogOpened } from '@/store/ui/slice';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { buttonClass, containerClass } from '@/components/ui/styles';
import { ReceiptDetails } from './ReceiptDetails';
import './receipt-print.css';

type Outcome = { status: 'ready'; receipt: Receipt } | { status: 'not-found' } | { status: 'failed'; message: string | null };

/**
 * One receipt as a page of its own, to print or save as PDF (issue 22). The page's HTML holds no personal data (it is
 * the same for everyone, and not indexed): the receipt is read here with the viewer's token from the receipts API,
 * which answers 404 for another user's payment, so a foreign or unknown id shows 'Receipt not found'.
 */
export function ReceiptView({ paymentId }: { paymentId: string }) {
  const t = useTranslations('dashboard.receiptPage');
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectSignedInUserId);
  const session = useAppSelector(selectSessionStatus);
  const [attempt, setAttempt] = useState(0);
  // The answer for one (viewer, receipt, attempt): any other key is still loading, so nothing is reset in the effect.
  const key = `${userId}/${paymentId}/${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; outcome: Outcome } | null>(null);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    const settle = (outcome: Outcome) => live && setAnswer({ key, outcome });
    fetchReceipt(paymentId).then(
      (res) => settle({ status: 'ready', receipt: res.data }),
      (err: unknown) => {
        // An id the route refuses outright (422) is as unknown as one that is not the viewer's (404).
        const status = isApiError(err) ? err.response?.status : undefined;
        settle(status === 404 || status === 422 ? { status: 'not-found' } : { status: 'failed', message: errorMessages(err)[0] ?? null });
      },
    );
    return () => {
      live = false;
    };
  }, [paymentId, userId, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const waitingForSession = !userId && (session === 'idle' || session === 'pending');
  const state = answer?.key === key ? answer.outcome : ({ status: 'loading' } as const);

  return (
    <div className={containerClass}>
      <div className="mx-auto max-w-3xl pb-12 pt-6 md:pt-10" data-receipt-page>
        <nav data-print-hidden className="mb-6">
          <Link href={dashboardHref()} className="inline-flex min-h-6 items-center gap-1 text-sm font-semibold text-kilig-300 underline-offset-2 hover:underline">
            <ChevronLeftIcon size={16} /> {t('back')}
          </Link>
        </nav>
        {!userId && !waitingForSession ? (
          <Notice title={t('signInTitle')} text={t('signInText')}>
            <button type="button" className={buttonClass('primary', 'md', 'mt-5')} onClick={() => dispatch(loginDialogOpened())}>
              {t('logIn')}
            </button>
          </Notice>
        ) : waitingForSession || state.status === 'loading' ? (
          <p role="status" className="py-10 text-sm text-fg-muted">
            {t('loading')}
          </p>
        ) : state.status === 'not-found' ? (
          <Notice title={t('notFoundTitle')} text={t('notFoundText')} testId="receipt-not-found">
            <Link href={dashboardHref()} className={buttonClass('secondary', 'md', 'mt-5')}>
              {t('back')}
            </Link>
          </Notice>
        ) : state.status === 'failed' ? (
          <div className="flex flex-wrap items-center gap-3 py-6">
            <p role="alert" className="text-sm text-red-300">
              {state.message ?? t('failed')}
            </p>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={retry}>
              {t('tryAgain')}
            </button>
          </div>
        ) : (
          <article aria-labelledby="receipt-title" className="rounded-3xl border border-white/5 bg-ink-900/70 p-6 md:p-8" data-testid="receipt-page">
            <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
              <div>
                <p className="text-xs font-semibold uppercase tracking-[0.2em] text-kilig-300">{publicEnv.NEXT_PUBLIC_BRAND_NAME}</p>
                <h1 id="receipt-title" className="mt-1 font-display text-3xl font-bold tracking-tight">
                  {t('title')}
                </h1>
              </div>
              <button type="button" data-print-hidden className={buttonClass('primary', 'md')} onClick={() => window.print()}>
                {t('print')}
              </button>
            </header>
            <ReceiptDetails receipt={state.receipt} />
            <p className="mt-4 text-xs text-fg-subtle">
              {t('timeNote')} {t('issuedBy', { brand: publicEnv.NEXT_PUBLIC_BRAND_NAME })}
            </p>
          </article>
        )}
      </div>
    </div>
  );
}

function Notice({ title, text, testId, children }: { title: string; text: string; testId?: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-white/5 bg-ink-900/70 px-6 py-10 text-center" data-testid={testId}>
      <h1 className="font-display text-2xl font-bold">{title}</h1>
      <p className="mx-auto mt-2 max-w-prose text-sm text-fg-muted">{text}</p>
      {children}
    </section>
  );
}
