import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { publicEnv } from '@/lib/env';
import { MINIMUM_AGE } from '@/lib/constants';
import { SiteDocument } from '@/components/layout/SiteDocument';
import { enterLocale, type LocaleParams } from '@/i18n/server';
import { routing } from '@/i18n/routing';

const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;

type Props = { children: ReactNode; params: Promise<LocaleParams> };

/** Both languages' pages are built the same way (each page decides whether it is rendered at build or on demand). */
export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Omit<Props, 'children'>): Promise<Metadata> {
  const locale = await enterLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  const description = t('site.description', { minimumAge: MINIMUM_AGE });
  return {
    metadataBase: new URL(publicEnv.NEXT_PUBLIC_SITE_URL),
    // Spec §2 page titles: the brand only unless a page sets an absolute title (lib/page-titles.ts).
    title: { default: brand, template: `%s | ${brand}` },
    description,
    applicationName: brand,
    openGraph: { type: 'website', siteName: brand, title: brand, description, locale: locale === 'fil' ? 'fil_PH' : 'en_PH' },
    twitter: { card: 'summary_large_image', title: brand, description },
    // iOS takes no SVG for the Home Screen: the PNG of scripts/pwa-icons.ts. The web app manifest is app/manifest.ts.
    icons: { icon: [{ url: '/favicon.svg', type: 'image/svg+xml' }], apple: '/icons/apple-touch-icon.png' },
    appleWebApp: { capable: true, title: brand, statusBarStyle: 'black' },
    other: { rating: 'adult' },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#07060a',
  colorScheme: 'dark',
};

export default async function LocaleLayout({ children, params }: Props) {
  const locale = await enterLocale(params);
  return <SiteDocument lang={locale}>{children}</SiteDocument>;
}
