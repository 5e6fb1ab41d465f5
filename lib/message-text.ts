import { useCallback } from 'react';
import { createTranslator, useLocale } from 'next-intl';
import { isLocale, type Locale } from '@/i18n/routing';
import enErrors from '@/messages/en/errors.json';
import filErrors from '@/messages/fil/errors.json';
import enToasts from '@/messages/en/toasts.json';
import filToasts from '@/messages/fil/toasts.json';

/**
 * Texts that reach the viewer as English words rather than as message keys: the server's messages (with their
 * `code`), and the spec §8 texts the store keeps as its requests' errors. On an English page they show as they are
 * (the spec's words); on a Filipino page a known server code shows its Filipino text, a known English text (errors
 * namespace `known`, toasts `server`) its translation, and anything else the words it came with.
 *
 * The store's listeners cannot call hooks, so their toasts are translated here, for the page's language (`<html
 * lang>`), with `toastText`; components use `useMessageText()`.
 */

const MESSAGES = { en: { errors: enErrors, toasts: enToasts }, fil: { errors: filErrors, toasts: filToasts } } as const;
type Messages = (typeof MESSAGES)['en'];

const translators = {
  en: { errors: createTranslator({ locale: 'en', messages: MESSAGES.en, namespace: 'errors' }), toasts: createTranslator({ locale: 'en', messages: MESSAGES.en, namespace: 'toasts' }) },
  fil: {
    errors: createTranslator({ locale: 'fil', messages: MESSAGES.fil as unknown as Messages, namespace: 'errors' }),
    toasts: createTranslator({ locale: 'fil', messages: MESSAGES.fil as unknown as Messages, namespace: 'toasts' }),
  },
};

/** A key of the toasts namespace (`auth.loggedOut`, `coins.autoUnlockOn` …). */
export type ToastKey = Parameters<(typeof translators)['en']['toasts']>[0];
export type ToastValues = Record<string, string | number>;
/** What a toast says: one of our own texts by its key, or words from elsewhere (the server's, a spec §8 text). */
export type ToastMessage = { key: ToastKey; values?: ToastValues } | { text: string; code?: string | null };

type KnownKey = keyof typeof enErrors.known;
type ServerKey = keyof typeof enToasts.server;
type CodeKey = keyof typeof enErrors.codes;

const KNOWN = new Map<string, { errors: KnownKey } | { toasts: ServerKey }>([
  ...Object.entries(enErrors.known).map(([key, text]) => [text, { errors: key as KnownKey }] as const),
  ...Object.entries(enToasts.server).map(([key, text]) => [text, { toasts: key as ServerKey }] as const),
]);
const isCode = (code: string | null | undefined): code is CodeKey => typeof code === 'string' && Object.hasOwn(enErrors.codes, code);

/** The page's language, from `<html lang>` (the layout sets it per locale); English outside a browser. */
export function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
}

/** Words from the server or the store, in `locale`: known texts first (the most precise), then the server's code. */
export function translateText(locale: Locale, text: string, code?: string | null): string {
  if (locale === 'en') return text;
  const t = translators[locale];
  const known = KNOWN.get(text.trim());
  if (known) return 'errors' in known ? t.errors(`known.${known.errors}`) : t.toasts(`server.${known.toasts}`);
  if (isCode(code)) return t.errors(`codes.${code}`);
  return text;
}

/** A toast's words in `locale` (default: the page's). */
export function toastText(message: ToastMessage, locale: Locale = pageLocale()): string {
  if ('key' in message) return translators[locale].toasts(message.key, message.values);
  return translateText(locale, message.text, message.code);
}

/** `text(words, code?)`: words from the server or the store, in the page's language (see `translateText`). */
export function useMessageText(): (text: string, code?: string | null) => string {
  const locale = useLocale();
  return useCallback((text: string, code?: string | null) => translateText(locale, text, code), [locale]);
}
