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

export function SiteFooter() {
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  const email = publicEnv.NEXT_PUBLIC_CONTACT_EMAIL;
  const address = publicEnv.NEXT_PUBLIC_POSTAL_ADDRESS;
  const t = useTranslations('layout.footer');
  const tLanguage = useTranslations('layout.language');

  return (
    <footer data-testid="site-footer" className="mt-16 border-t border-white/5 bg-ink-900/80">
      <div className="mx-auto grid max-w-[1600px] grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 md:grid-cols-[1.4fr_1fr_1fr_1.3fr] md:px-8">
        <div className="col-span-2 space-y-4 md:col-span-1">
          <p className="flex items-center gap-2">
            <LogoMark size={28} />
            <span className="font-display text-xl font-bold italic">{brand}</span>
          </p>
          <p className="max-w-xs text-sm leading-relaxed text-fg-muted">
            {t('blurb', { age: MINIMUM_AGE })}
          </p>
          {/* The store buttons (the listings, or the install page while there are none) and 'Install app'. */}
          <StoreButtons />
        </div>

        <FooterColumn title={t('browse')} links={BROWSE_LINKS} />
        <FooterColumn title={brand} links={COMPANY_LINKS} />

        <div className="col-span-2 space-y-4 md:col-span-1">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-fg">{t('contact')}</h2>
          <ul className="space-y-3 text-sm text-fg-muted">
            <li className="flex items-start gap-2">
              <MailIcon size={18} className="mt-0.5 shrink-0 text-kilig-300" />
              <a href={`mailto:${email}`} className="inline-flex min-h-6 items-center hover:text-fg hover:underline">
                {email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <PinIcon size={18} className="mt-0.5 shrink-0 text-kilig-300" />
              <address className="not-italic leading-relaxed">{address}</address>
            </li>
          </ul>
          <ul className="flex gap-2" aria-label={t('social')}>
            {SOCIAL_LINKS.map(({ network, href }) => {
              const Icon = SOCIAL_ICONS[network];
              return (
                <li key={network}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('socialLink', { brand, network })}
                    className="inline-flex size-10 items-center justify-center rounded-full border border-white/10 text-fg-muted transition-colors hover:border-kilig-400/60 hover:bg-kilig-600/15 hover:text-fg"
                  >
                    <Icon size={18} />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/5">
        <div className="mx-auto flex max-w-[1600px] flex-col gap-1 px-4 py-5 text-xs text-fg-subtle sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:gap-x-6 md:px-8">
          {/* One text node, so the HTML itself contains 'rights reserved 2025' (no React text separators). */}
          <p>{t('rights', { brand, year: String(RIGHTS_RESERVED_YEAR) })}</p>
          <nav aria-label={t('legal')}>
            <FooterPolicyLinks className="flex gap-x-4" />
          </nav>
          <nav aria-label={tLanguage('label')}>
            <LanguageSwitch testId="footer-language" className="font-semibold text-fg-muted hover:text-fg hover:underline" />
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
    <nav aria-label={title} className="space-y-4">
      <h2 className="text-sm font-semibold uppercase tracking-wider text-fg">{title}</h2>
      <ul className="space-y-2.5 text-sm">
        {links.map((link) => (
          <li key={link.label}>
            {/* At least 24 px tall (WCAG 2.5.8 target size): a line of small text alone is 20. */}
            <Link href={link.href} className="inline-flex min-h-6 items-center text-fg-muted transition-colors hover:text-fg">
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
