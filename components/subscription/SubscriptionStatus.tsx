'use client';

import Link from 'next/link';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectIsVip } from '@/store/auth/authSlice';
import { loginDialogOpened, subscriptionDialogOpened } from '@/store/ui/uiSlice';
import { genresHref } from '@/lib/routes';
import { CrownIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';

/** 'Subscribed' with a crown for subscribers, 'Free Plan' for everyone else (spec §1, §6). */
export function SubscriptionStatus() {
  const dispatch = useAppDispatch();
  const isVip = useAppSelector(selectIsVip);
  const isGuest = useAppSelector(selectIsGuest);

  if (isVip) {
    return (
      <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-gold-400/40 bg-gradient-to-r from-gold-900/60 to-ink-900 p-5">
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-gold-400 text-gold-900">
          <CrownIcon size={22} />
        </span>
        <div className="flex-1">
          <p className="font-semibold text-gold-200">Subscribed</p>
          <p className="text-sm text-fg-muted">Your VIP access is active. Every premium episode is unlocked for you.</p>
        </div>
        <Link href={genresHref()} className={buttonClass('vip', 'sm')}>
          Watch now
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-white/10 bg-ink-900/80 p-5">
      <div className="flex-1">
        <p className="text-xs font-semibold uppercase tracking-wider text-fg-subtle">Your plan</p>
        <p className="mt-0.5 font-semibold">Free Plan</p>
        <p className="text-sm text-fg-muted">
          Free episodes and trailers only. {isGuest ? 'Log in to subscribe and keep your access on every device.' : ''}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClass('vip', 'sm')} onClick={() => dispatch(subscriptionDialogOpened())}>
          <CrownIcon size={16} /> Subscribe Now
        </button>
        {isGuest ? (
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => dispatch(loginDialogOpened())}>
            Log in
          </button>
        ) : null}
      </div>
    </div>
  );
}
