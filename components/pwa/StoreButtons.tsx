'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { AppleIcon, GooglePlayIcon } from '@/components/ui/icons';
import { storeLink, type Store } from '@/components/layout/footer-links';
import { InstallAppButton } from './InstallAppButton';

const BADGE =
  'inline-flex h-12 items-center gap-2.5 rounded-xl border border-white/15 bg-black px-3.5 text-left text-white transition hover:border-white/35';

/**
 * The footer's store buttons (the spec's 'Download on the App Store' / 'Get it on Google Play') and, where the browser
 * offers it, 'Install app'. A store button opens the app's listing when one is configured, otherwise the install page.
 * A client component: its words and links follow the page's language from the client provider (SiteDocument), which
 * is given it outright; a server component's request locale read 'en' on Filipino pages in most builds.
 */
export function StoreButtons() {
  const t = useTranslations('pwa.storeBadges');
  return (
    <div className="flex flex-wrap gap-3" data-testid="store-buttons">
      <StoreBadge store="appStore" icon={<AppleIcon size={22} />} small={t('appStoreSmall')} big={t('appStore')} />
      <StoreBadge store="googlePlay" icon={<GooglePlayIcon size={20} />} small={t('googlePlaySmall')} big={t('googlePlay')} />
      <InstallAppButton />
    </div>
  );
}

function StoreBadge({ store, icon, small, big }: { store: Store; icon: ReactNode; small: string; big: string }) {
  const { href, external } = storeLink(store);
  const content = (
    <>
      {icon}
      <span className="flex flex-col leading-none">
        <span className="text-[10px] uppercase tracking-wide text-white/80">{small}</span>
        <span className="mt-0.5 text-[15px] font-semibold">{big}</span>
      </span>
    </>
  );
  return external ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className={BADGE}>
      {content}
    </a>
  ) : (
    <Link href={href} className={BADGE}>
      {content}
    </Link>
  );
}
