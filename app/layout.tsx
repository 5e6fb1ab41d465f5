import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import '@/styles/globals.css';
import { publicEnv } from '@/lib/env';
import { MINIMUM_AGE } from '@/lib/constants';
import { NextIntlClientProvider } from 'next-intl';
import StoreProvider from '@/store/StoreProvider';
import SiteHeader from '@/components/layout/SiteHeader';
import { SiteFooter } from '@/components/layout/SiteFooter';
import { FooterGate } from '@/components/layout/FooterGate';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/SkipLink';
import { AppToaster } from '@/components/providers/AppToaster';
import { AuthBootstrap } from '@/components/auth/AuthBootstrap';
import { GlobalDialogs } from '@/components/dialogs/GlobalDialogs';
import { HYDRATION_GATE_SCRIPT } from '@/player/hydration-gate';

const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
const description = `Stream vertical short dramas and movies made for your phone. New episodes every week, for viewers ${MINIMUM_AGE}+ in the Philippines.`;

export const metadata: Metadata = {
  metadataBase: new URL(publicEnv.NEXT_PUBLIC_SITE_URL),
  // Spec §2 page titles: the brand only unless a page sets an absolute title (lib/page-titles.ts).
  title: { default: brand, template: `%s | ${brand}` },
  description,
  applicationName: brand,
  openGraph: { type: 'website', siteName: brand, title: brand, description, locale: 'en_PH' },
  twitter: { card: 'summary_large_image', title: brand, description },
  icons: { icon: [{ url: '/favicon.svg', type: 'image/svg+xml' }], apple: '/favicon.svg' },
  other: { rating: 'adult' },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#07060a',
  colorScheme: 'dark',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className="dark">
      <head>
        {/* Episode pages only: the app hydrates after the player's first frame (player/hydration-gate.ts). */}
        <script id="hydration-gate" dangerouslySetInnerHTML={{ __html: HYDRATION_GATE_SCRIPT }} />
      </head>
      <body className="flex min-h-dvh flex-col overflow-x-clip">
        <NextIntlClientProvider>
          <StoreProvider>
            <SkipLink />
            <SiteHeader />
            <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <FooterGate>
              <SiteFooter />
            </FooterGate>
            <GlobalDialogs />
            <AuthBootstrap />
            <AppToaster />
          </StoreProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
