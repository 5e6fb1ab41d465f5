import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { TIME_ZONE, type Locale } from '@/i18n/routing';
import { MESSAGES } from '@/messages';

/** A wrapper for renderHook in the player's tests: its hooks speak the page's language (default English). */
export function intlWrapper(locale: Locale = 'en') {
  return function IntlWrapper({ children }: { children: ReactNode }) {
    return (
      <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone={TIME_ZONE}>
        {children}
      </NextIntlClientProvider>
    );
  };
}
