'use client';

import { useSyncExternalStore } from 'react';
import clsx from 'clsx';
import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { HeaderSearch } from './HeaderSearch';
import { Logo } from './Logo';
import { AuthButton, ProfileLink, SubscribeNowLink, WalletLink } from './AccountControls';
import { LanguageOffer } from './LanguageOffer';
import { LanguageSwitch } from './LanguageSwitch';
import { useAppSelector } from '@/store/hooks';
import { selectIsGuest } from '@/store/auth/selectors';
import { NAV_ITEMS, isHeaderHidden, isHomePath, isSearchHidden, showsMobileNav, showsProfile } from './chrome';

const SCROLL_SOLID_AFTER_PX = 8;

function subscribeScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}
const scrolledSnapshot = () => window.scrollY > SCROLL_SOLID_AFTER_PX;
const serverScrolledSnapshot = () => false;

export default function SiteHeader() {
  const pathname = usePathname() ?? '/';
  return (
    <>
      <SiteHeaderView pathname={pathname} />
      <LanguageOffer />
    </>
  );
}

/** The top bar (spec §2 Top bar). Takes the pathname as a prop so it renders the same in tests. */
export function SiteHeaderView({ pathname }: { pathname: string }) {
  const scrolled = useSyncExternalStore(subscribeScroll, scrolledSnapshot, serverScrolledSnapshot);
  const isGuest = useAppSelector(selectIsGuest);
  const t = useTranslations('layout.nav');
  const locale = useLocale();
  if (isHeaderHidden(pathname)) return null;

  const home = isHomePath(pathname);
  // Transparent only on home, at the top, on wide screens; solid otherwise.
  const transparent = home && !scrolled;

  return (
    <header
      data-testid="site-header"
      // Wide screens only: under 769 px the bar is always solid (CSS).
      data-transparent-wide={transparent ? 'true' : 'false'}
      className={clsx(
        'sticky top-0 z-40 transition-[background-color,border-color,backdrop-filter] duration-300',
        transparent
          ? 'border-b border-white/5 bg-ink-950/90 backdrop-blur-md md:border-transparent md:bg-transparent md:backdrop-blur-none'
          : 'border-b border-white/5 bg-ink-950/90 backdrop-blur-md',
      )}
    >
      <div className="mx-auto flex h-16 max-w-[1600px] items-center gap-3 px-4 md:gap-6 md:px-8">
        {/* Under 420 px the mark alone when the bar is full: signed in, or Filipino's longer 'Mag-log in'. */}
        <Logo compact={!isGuest || locale === 'fil'} />
        <nav aria-label={t('label')} className="hidden md:block">
          <NavLinks pathname={pathname} variant="bar" />
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-2 md:gap-3">
          {isSearchHidden(pathname) ? null : <HeaderSearch />}
          {home ? <SubscribeNowLink /> : null}
          <LanguageSwitch
            abbreviate
            testId="header-language"
            className="h-9 shrink-0 rounded-full px-1.5 text-xs font-semibold text-fg-muted transition-colors hover:text-fg sm:px-2 sm:text-sm"
          />
          <WalletLink />
          <AuthButton />
          {showsProfile(pathname) ? <ProfileLink /> : null}
        </div>
      </div>
      {showsMobileNav(pathname) ? (
        <nav aria-label={t('label')} className="border-t border-white/5 md:hidden">
          <NavLinks pathname={pathname} variant="row" />
        </nav>
      ) : null}
    </header>
  );
}

function NavLinks({ pathname, variant }: { pathname: string; variant: 'bar' | 'row' }) {
  const t = useTranslations('layout.nav');
  return (
    <ul
      className={clsx(
        'flex items-center',
        variant === 'bar' ? 'gap-1' : 'scrollbar-none justify-between gap-1 overflow-x-auto px-2 min-[480px]:justify-start min-[480px]:gap-3 min-[480px]:px-4',
      )}
    >
      {NAV_ITEMS.map((item) => {
        const active = item.isActive(pathname);
        return (
          <li key={item.href} className="shrink-0">
            <Link
              href={item.href}
              aria-current={active ? 'page' : undefined}
              className={clsx(
                'relative inline-flex items-center rounded-full text-sm font-medium transition-colors',
                // Under 400 px a little narrower: Filipino's names ('Tungkol') would push the last one out of a 360 px row.
                variant === 'bar' ? 'h-9 px-3' : 'h-11 px-2 max-[399px]:px-1.5',
                active
                  ? clsx(
                      'font-semibold text-fg after:absolute after:h-0.5 after:rounded-full after:bg-kilig-400',
                      variant === 'bar' ? 'after:inset-x-3 after:-bottom-0.5' : 'after:inset-x-2 after:bottom-1.5',
                    )
                  : 'text-fg-muted hover:text-fg',
              )}
            >
              {t(item.label)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
