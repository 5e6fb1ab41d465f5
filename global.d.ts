import type { Messages } from './messages';
import type { routing } from './i18n/routing';

// Typed translations: useTranslations('ns')('key') is checked against the English messages at compile time.
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: Messages;
  }
}
