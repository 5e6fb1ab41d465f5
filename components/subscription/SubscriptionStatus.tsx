'use client';

import { useEffect } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectIsVip, selectUser } from '@/store/auth/selectors';
import { fetchSubscriptionStatus } from '@/store/subscription/thunks';
import { selectUserSubscriptionStatus } from '@/store/subscription/selectors';
import { loginDialogOpened, subscriptionDialogOpened } from '@/store/ui/slice';
import { genresHref } from '@/lib/routes';
import { formatDate } from '@/lib/format';
import { CrownIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { usePlanWords } from './plan-format';

/** 'Subscribed' with a crown for subscribers, 'Free Plan' for everyone else (spec §1, §6). */
export function SubscriptionStatus() {
  const dispatch = useAppDispatch();
  const t = useTranslations('subscription.status');
  const locale = useLocale();
  const words = usePlanWords();
  // THE calendar day of lib/format.ts (Manila time), as the dashboard and receipts show it.
  const dateOf = (iso: string | null | undefined) => formatDate(iso, locale) || null;
  const isVip = useAppSelector(selectIsVip);
  const isGuest = useAppSelector(selectIsGuest);
  const userId = useAppSelector(selectUser)?._id ?? null;
  // The server's word on the plan and its end (user-status): asked again whenever the user or their VIP flag changes.
  const status = useAppSelector(selectUserSubscriptionStatus);
  useEffect(() => {
    if (userId && !isGuest) void dispatch(fetchSubscriptionStatus());
  }, [dispatch, userId, isGuest, isVip]);
  const current = status && !isGuest ? status : null;
  const until = current?.vipLifetime ? t('lifetime') : dateOf(current?.vipExpiresAt) ? t('validUntil', { date: dateOf(current?.vipExpiresAt)! }) : null;
  const lapsed = current?.userSubscriptionStatus === 'expired' && current.subscription ? current.subscription : null;

  if (isVip) {
    return (
      <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-gold-400/40 bg-gradient-to-r from-gold-900/60 to-ink-900 p-5">
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-gold-400 text-gold-900">
          <CrownIcon size={22} />
        </span>
        <div className="flex-1">
          <p className="font-semibold text-gold-200">{t('subscribed')}</p>
          <p className="text-sm text-fg-muted">{t('active')}</p>
          {until ? (
            <p className="mt-1 text-sm font-semibold text-gold-200" data-testid="vip-valid-until">
              {current?.subscription ? `${words.title(current.subscription.plan)} · ` : ''}
              {until}
            </p>
          ) : null}
        </div>
        <Link href={genresHref()} className={buttonClass('vip', 'sm')}>
          {t('watchNow')}
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-white/10 bg-ink-900/80 p-5">
      <div className="flex-1">
        <p className="text-xs font-semibold uppercase tracking-wider text-fg-subtle">{t('yourPlan')}</p>
        <p className="mt-0.5 font-semibold">{t('freePlan')}</p>
        <p className="text-sm text-fg-muted">
          {t('freeText')} {isGuest ? t('guestText') : ''}
        </p>
        {lapsed && dateOf(lapsed.expiresAt) ? (
          <p className="mt-1 text-sm text-fg-muted">{t('lapsed', { plan: words.title(lapsed.plan), date: dateOf(lapsed.expiresAt)! })}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClass('vip', 'sm')} onClick={() => dispatch(subscriptionDialogOpened())}>
          <CrownIcon size={16} /> {t('subscribe')}
        </button>
        {isGuest ? (
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => dispatch(loginDialogOpened())}>
            {t('logIn')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
