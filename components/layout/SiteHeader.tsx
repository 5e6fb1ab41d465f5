'use client';

import { useSyncExternalStore } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { HeaderSearch } from './HeaderSearch';
import { Logo } from './Logo';
import { AuthButton, ProfileLink, SubscribeNowLink, WalletLink } from './AccountControls';
import { LanguageOffer } from './LanguageOffer';
import { LanguageSwitch } from './LanguageSwitch';
import { useAppSelector } from '@/store/hooks';
import { selectIsGuest } from '@/store/auth/selectors';
import styles from './SiteHeader.module.css';
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
      // Wide screens only: under 769 px the bar is always solid (the module's CSS).
      data-transparent-wide={transparent ? 'true' : 'false'}
      className={styles.bar}
    >
      <div className={styles.inner}>
        {/* Under 420 px the mark alone when the bar is full: signed in, or Filipino's longer 'Mag-log in'. */}
        <Logo compact={!isGuest || locale === 'fil'} />
        <nav aria-label={t('label')} className={styles.wideNav}>
          <NavLinks pathname={pathname} />
        </nav>
        <div className={styles.end}>
          {isSearchHidden(pathname) ? null : <HeaderSearch />}
          {home ? <SubscribeNowLink /> : null}
          <LanguageSwitch abbreviate testId="header-language" className={styles.language} />
          <WalletLink />
          <AuthButton />
          {showsProfile(pathname) ? <ProfileLink /> : null}
        </div>
      </div>
      {showsMobileNav(pathname) ? (
        <nav aria-label={t('label')} className={styles.rowNav}>
          <NavLinks pathname={pathname} />
        </nav>
      ) : null}
    </header>
  );
}

/** The nav's links; the wide bar's and the small screens' row differ by their nav's class (the module's CSS). */
function NavLinks({ pathname }: { pathname: string }) {
  const t = useTranslations('layout.nav');
  return (
    <ul className={styles.links}>
      {NAV_ITEMS.map((item) => (
        <li key={item.href}>
          <Link href={item.href} aria-current={item.isActive(pathname) ? 'page' : undefined} className={styles.link}>
            {t(item.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
