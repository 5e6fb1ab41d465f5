import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import '@/styles/globals.css';
import StoreProvider from '@/store/StoreProvider';
import SiteHeader from '@/components/layout/SiteHeader';
import { SiteFooter } from '@/components/layout/SiteFooter';
import { FooterGate } from '@/components/layout/FooterGate';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/SkipLink';
import { AppToaster } from '@/components/providers/AppToaster';
import { AuthBootstrap } from '@/components/auth/AuthBootstrap';
import { ServiceWorkerRegistrar } from '@/components/pwa/ServiceWorkerRegistrar';
import { GlobalDialogs } from '@/components/dialogs/GlobalDialogs';
import { HYDRATION_GATE_SCRIPT } from '@/player/hydration-gate';
import { TIME_ZONE, type Locale } from '@/i18n/routing';
import { clientMessagesFor } from '@/messages';

/**
 * The HTML document around every page: the site's pages in their language (app/[locale]/layout.tsx) and the studio
 * in English (app/studio/layout.tsx). Client components get their messages through NextIntlClientProvider, in this
 * document's language: only the namespaces every page's client components use (CLIENT_NAMESPACES in
 * messages/index.ts), since every message given here is written into the page's HTML; a page adds its own
 * (PageMessages), and server components read theirs on the server.
 */
export function SiteDocument({ lang, children }: { lang: Locale; children: ReactNode }) {
  return (
    <html lang={lang} className="dark">
      {/* The App Router's document: its layouts write <head> themselves (next/head is the Pages Router's). */}
      {/* eslint-disable-next-line @next/next/no-head-element */}
      <head>
        {/* Episode pages only: the app hydrates after the player's first frame (player/hydration-gate.ts). */}
        <script id="hydration-gate" dangerouslySetInnerHTML={{ __html: HYDRATION_GATE_SCRIPT }} />
      </head>
      <body className="flex min-h-dvh flex-col overflow-x-clip">
        {/* The page's language given outright, so the client never depends on the request's locale (which a
            server component rendered before the layout could fix to the wrong one; see app/not-found.tsx). */}
        <NextIntlClientProvider locale={lang} messages={clientMessagesFor(lang)} timeZone={TIME_ZONE}>
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
            <ServiceWorkerRegistrar />
            <AppToaster />
          </StoreProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
