'use client';

import { useEffect, useId, useRef, useState } from 'react';
import clsx from 'clsx';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectIsVip, selectUser } from '@/store/auth/selectors';
import { loginDialogOpened, logoutDialogOpened } from '@/store/ui/slice';
import { dashboardHref, studioHref, subscriptionHref, walletHref } from '@/lib/routes';
import { selectCoinBalance } from '@/store/coins/selectors';
import { formatNumber } from '@/lib/format';
import { CoinIcon, CrownIcon, UserIcon } from '@/components/ui/icons';
import controls from './HeaderControls.module.css';

/** 'Subscribe Now' for non-subscribers (the header shows it on home). */
export function SubscribeNowLink({ className }: { className?: string }) {
  const t = useTranslations('layout.account');
  const isVip = useAppSelector(selectIsVip);
  if (isVip) return null;
  return (
    <Link
      href={subscriptionHref()}
      aria-label={t('subscribeNow')}
      className={clsx(controls.subscribe, className)}
    >
      <CrownIcon size={16} />
      <span>{t('subscribeNow')}</span>
    </Link>
  );
}

/** The wallet entry for signed-in users: the coin balance, linking to /wallet (top-ups, the ledger, auto-unlock). */
export function WalletLink() {
  const t = useTranslations('layout.account');
  const locale = useLocale();
  const isGuest = useAppSelector(selectIsGuest);
  const balance = useAppSelector(selectCoinBalance);
  if (isGuest || balance === null) return null;
  const coins = formatNumber(balance, locale);
  return (
    <Link
      href={walletHref()}
      aria-label={t('wallet', { count: balance })}
      data-testid="header-wallet"
      className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border border-gold-400/30 bg-gold-900/30 px-2.5 text-sm font-semibold text-gold-200 transition-colors hover:bg-gold-900/60 sm:px-3"
    >
      <CoinIcon size={16} className="text-gold-300" />
      <span data-testid="header-coin-balance">{coins}</span>
    </Link>
  );
}

/** Guests: 'Log in' (opens the login dialog). Others: 'Log out' (opens the logout confirmation). */
export function AuthButton() {
  const t = useTranslations('layout.account');
  const dispatch = useAppDispatch();
  const isGuest = useAppSelector(selectIsGuest);
  return isGuest ? (
    <button
      type="button"
      className={clsx(controls.auth, controls.logIn)}
      onClick={() => dispatch(loginDialogOpened())}
    >
      {t('logIn')}
    </button>
  ) : (
    <button
      type="button"
      className={clsx(controls.auth, controls.logOut)}
      onClick={() => dispatch(logoutDialogOpened())}
    >
      {t('logOut')}
    </button>
  );
}

/** Who is signed in: guests are 'guest' with the label 'User'; others show their plan. */
export type Identity = {
  isGuest: boolean;
  name: string;
  label: string;
  email: string | null;
  image: string | null;
  initials: string | null;
  isVip: boolean;
  /** An editor or admin: the profile card links to the studio. */
  isStaff?: boolean;
};

export function initialsOf(name: string): string {
  const words = name.replace(/@.*/, '').split(/[\s._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

export function useIdentity(): Identity {
  const t = useTranslations('layout.account');
  const isGuest = useAppSelector(selectIsGuest);
  const user = useAppSelector(selectUser);
  const isVip = useAppSelector(selectIsVip);
  if (isGuest || !user) return { isGuest: true, name: t('guestName'), label: t('user'), email: null, image: null, initials: null, isVip: false };
  const name = user.name || user.email || t('user');
  return {
    isGuest: false,
    name,
    label: isVip ? t('subscribed') : t('freePlan'),
    email: user.email,
    image: user.image,
    initials: initialsOf(name) || null,
    isVip,
    // toAuthUser keeps a role only for editors and admins.
    isStaff: user.role !== undefined,
  };
}

/** The profile image; without one, the user's initials (guests get the person icon). */
export function Avatar({ image, size = 36, isVip, initials }: { image: string | null; size?: number; isVip?: boolean; initials?: string | null }) {
  return (
    <span
      className={clsx(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ring-2',
        initials && !image ? 'bg-gradient-to-br from-kilig-500 to-kilig-700 font-semibold text-white' : 'bg-ink-700 text-fg-muted',
        isVip ? 'ring-gold-400' : 'ring-white/10',
      )}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
    >
      {image ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={image} alt="" width={size} height={size} referrerPolicy="no-referrer" className="size-full object-cover" />
      ) : initials ? (
        // Drawn by CSS, not a text node: the letters are decoration, and as text they would be visible words that the
        // profile link's name does not contain (WCAG 2.5.3, label in name).
        <span aria-hidden="true" data-initials={initials} className="before:content-[attr(data-initials)]" />
      ) : (
        <UserIcon size={Math.round(size * 0.55)} />
      )}
    </span>
  );
}

function PlanBadge({ isVip }: { isVip: boolean }) {
  const t = useTranslations('layout.account');
  return isVip ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-gold-400/15 px-2.5 py-1 text-xs font-semibold text-gold-200">
      <CrownIcon size={14} className="text-gold-300" />
      {t('subscribed')}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full border border-white/10 px-2.5 py-1 text-xs font-semibold text-fg-muted">{t('freePlan')}</span>
  );
}

const HIDE_DELAY_MS = 150;


/**
 * The profile image with its hover card (spec §2 Top bar): name, e-mail, plan and a link to /dashboard. Clicking the
 * image goes to /dashboard. The card also opens on keyboard focus and closes on Escape.
 */
export function ProfileLink() {
  const t = useTranslations('layout.account');
  const identity = useIdentity();
  const { name, label, image, isVip, initials } = identity;
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<number | undefined>(undefined);
  const cardId = useId();

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);
  const show = () => {
    window.clearTimeout(hideTimer.current);
    setOpen(true);
  };
  const hide = () => {
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setOpen(false), HIDE_DELAY_MS);
  };

  return (
    <div
      className="relative"
      data-testid="profile-menu"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <Link
        href={dashboardHref()}
        className="inline-flex items-center gap-2.5 rounded-full p-0.5 transition-colors hover:bg-white/10 md:py-1 md:pl-1 md:pr-3"
        // The name contains the visible words (name, then plan) in their order (WCAG 2.5.3, label in name).
        // 'Dashboard: ' and then the words it shows, the name and the plan.
        aria-label={t('profileLink', { name, plan: label })}
        aria-describedby={open ? cardId : undefined}
      >
        <Avatar image={image} isVip={isVip} initials={initials} />
        {/* Small screens: the image only. */}
        <span className="hidden flex-col text-left leading-tight md:flex">
          <span className="max-w-28 truncate text-sm font-semibold text-fg">{name}</span>{' '}
          <span className={clsx('flex items-center gap-1 text-xs', isVip ? 'text-gold-300' : 'text-fg-subtle')}>
            {isVip ? <CrownIcon size={12} /> : null}
            {label}
          </span>
        </span>
      </Link>
      {open ? <ProfileHoverCard id={cardId} identity={identity} /> : null}
    </div>
  );
}

function ProfileHoverCard({ id, identity }: { id: string; identity: Identity }) {
  const t = useTranslations('layout.account');
  const { isGuest, name, label, email, image, initials, isVip, isStaff } = identity;
  return (
    // pt-2 instead of a margin: the pointer crosses no gap on its way from the image to the card.
    // Wide screens only: on touch screens a tap on the image simply opens the dashboard.
    <div className="absolute right-0 top-full z-50 hidden w-72 pt-2 md:block" data-testid="profile-card">
      <div
        id={id}
        className="rounded-2xl border border-white/10 bg-ink-900/95 p-4 shadow-[0_20px_50px_-15px_rgb(0_0_0/0.9)] backdrop-blur-md transition duration-150 starting:-translate-y-1 starting:opacity-0"
      >
        <div className="flex items-center gap-3">
          <Avatar image={image} size={48} isVip={isVip} initials={initials} />
          <div className="min-w-0">
            <p className="truncate font-semibold text-fg">{name}</p>
            <p className="truncate text-sm text-fg-subtle" title={email ?? undefined}>
              {isGuest ? label : email ?? label}
            </p>
          </div>
        </div>
        <div className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-white/5 px-3 py-2.5">
          <PlanBadge isVip={isVip} />
          {isVip ? null : (
            <Link href={subscriptionHref()} className="text-xs font-semibold text-gold-300 hover:text-gold-200">
              {t('subscribeNow')}
            </Link>
          )}
        </div>
        <Link
          href={dashboardHref()}
          className="mt-3 flex h-10 items-center justify-center rounded-full border border-white/15 text-sm font-semibold text-fg transition-colors hover:bg-white/10"
        >
          {t('goToDashboard')}
        </Link>
        {isStaff ? (
          <Link href={studioHref()} className="mt-2 flex h-10 items-center justify-center rounded-full text-sm font-semibold text-kilig-300 transition-colors hover:bg-white/10">
            {t('openStudio')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
