'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { publicEnv } from '@/lib/public-env';
import { MINIMUM_AGE, RIGHTS_RESERVED_YEAR } from '@/lib/constants';
import { aboutHref, fandomHref, genresHref, libraryHref, seriesHref, subscriptionHref, walletHref } from '@/lib/routes';
import {
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  PinIcon,
  TikTokIcon,
  XIcon,
  YouTubeIcon,
} from '@/components/ui/icons';
import { LogoMark } from './Logo';
import { FooterPolicyLinks } from './FooterPolicyLinks';
import { LanguageSwitch } from './LanguageSwitch';
import { StoreButtons } from '@/components/pwa/StoreButtons';
import { SOCIAL_LINKS, type SocialNetwork } from './footer-links';
import styles from './SiteFooter.module.css';

const SOCIAL_ICONS: Record<SocialNetwork, (p: { size?: number }) => ReactNode> = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  TikTok: TikTokIcon,
  YouTube: YouTubeIcon,
  X: XIcon,
};

type FooterLink = { label: 'movies' | 'series' | 'myList' | 'fandom' | 'about' | 'subscription' | 'wallet'; href: string };

/** `label`: the key of the link's name in the layout namespace's `footer`. */
const BROWSE_LINKS: FooterLink[] = [
  { label: 'movies', href: genresHref() },
  { label: 'series', href: seriesHref() },
  { label: 'myList', href: libraryHref() },
  { label: 'fandom', href: fandomHref() },
];

const COMPANY_LINKS: FooterLink[] = [
  { label: 'about', href: aboutHref() },
  { label: 'subscription', href: subscriptionHref() },
  { label: 'wallet', href: walletHref() },
];

/**
 * The site's footer (spec §2). A client component though it has no state of its own: the RSC payload carries a server
 * component's whole rendered tree a second time after the HTML (~4.7 kB here), a client component's props only (none),
 * and its messages are among the client's already (layout.footer, layout.language).
 */
export function SiteFooter() {
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  const email = publicEnv.NEXT_PUBLIC_CONTACT_EMAIL;
  const address = publicEnv.NEXT_PUBLIC_POSTAL_ADDRESS;
  const t = useTranslations('layout.footer');
  const tLanguage = useTranslations('layout.language');

  return (
    <footer data-testid="site-footer" className={styles.footer}>
      <div className={styles.grid}>
        <div className={styles.wide}>
          <p className={styles.brand}>
            <LogoMark size={28} />
            <span className={styles.brandName}>{brand}</span>
          </p>
          <p className={styles.blurb}>{t('blurb', { age: MINIMUM_AGE })}</p>
          {/* The store buttons (the listings, or the install page while there are none) and 'Install app'. */}
          <StoreButtons />
        </div>

        <FooterColumn title={t('browse')} links={BROWSE_LINKS} />
        <FooterColumn title={brand} links={COMPANY_LINKS} />

        <div className={styles.wide}>
          <h2 className={styles.heading}>{t('contact')}</h2>
          <ul className={styles.contact}>
            <li>
              <MailIcon size={18} />
              <a href={`mailto:${email}`} className={styles.textLink}>
                {email}
              </a>
            </li>
            <li>
              <PinIcon size={18} />
              <address className={styles.address}>{address}</address>
            </li>
          </ul>
          <ul className={styles.social} aria-label={t('social')}>
            {SOCIAL_LINKS.map(({ network, href }) => {
              const Icon = SOCIAL_ICONS[network];
              return (
                <li key={network}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('socialLink', { brand, network })}
                  >
                    <Icon size={18} />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <div className={styles.bottom}>
        <div>
          {/* One text node, so the HTML itself contains 'rights reserved 2025' (no React text separators). */}
          <p>{t('rights', { brand, year: String(RIGHTS_RESERVED_YEAR) })}</p>
          <nav aria-label={t('legal')}>
            <FooterPolicyLinks className={styles.policies} linkClassName={styles.textLink} />
          </nav>
          <nav aria-label={tLanguage('label')}>
            <LanguageSwitch testId="footer-language" className={styles.language} />
          </nav>
          <p>{t('adults', { age: MINIMUM_AGE })}</p>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: FooterLink[] }) {
  const t = useTranslations('layout.footer');
  return (
    <nav aria-label={title} className={styles.column}>
      <h2 className={styles.heading}>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            <Link href={link.href}>{t(link.label)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
