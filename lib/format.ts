import { INTL_LOCALE, TIME_ZONE, type Locale } from '@/i18n/routing';

/**
 * Pesos, numbers and dates as the page's language reads them (issue 22): `en` → en-PH, `fil` → fil-PH, and every date
 * in Philippine time (Asia/Manila) whatever the viewer's device says. Callers pass the page's locale (`useLocale()`,
 * or `getLocale()` on the server); without one they get English, as before.
 */

/** Each formatter is built once per locale and options: Intl constructors are slow to call per render. */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function memo<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

const tag = (locale: Locale) => INTL_LOCALE[locale] ?? INTL_LOCALE.en;

const pesoFormat = (locale: Locale) =>
  memo(`peso ${locale}`, () => new Intl.NumberFormat(tag(locale), { style: 'currency', currency: 'PHP', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const numberFormat = (locale: Locale) => memo(`number ${locale}`, () => new Intl.NumberFormat(tag(locale)));

/*
 * Whole numbers without Intl. A page's first Intl.NumberFormat, of any kind, loads ICU's number data: 85-190 ms of a
 * phone's main thread at Lighthouse's 4x CPU slowdown (Chromium 156), in the middle of hydration, for the '#' of
 * 'N episodes' on every card or a price on a movie page. Whole numbers and pesos are written here as Intl writes them
 * in the languages we serve (digits grouped by three with ',', pesos as '₱' and two decimals, the same in en-PH,
 * fil-PH, en and fil; lib/format.test.ts compares the two over a range of values), and anything else (fractions,
 * negative numbers, other locales or options) still goes to Intl.
 */
const WRITTEN_LOCALES = new Set<string>(['en', 'fil', ...Object.values(INTL_LOCALE)]);

/** '1234567' → '1,234,567'. */
const groupByThree = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** A whole number from 0 up as Intl's default format writes it in our languages ('1,200'), or null for Intl to do. */
export function wholeNumberText(n: unknown, locale: string = 'en'): string | null {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0 || Object.is(n, -0) || !WRITTEN_LOCALES.has(locale)) return null;
  return groupByThree(String(n));
}

/**
 * A number from 0 up with at most `fractionDigits` decimals, rounded half up and without trailing zeros beyond
 * `minimumFractionDigits`, as Intl's format with those two options writes it in our languages ('1,234.5', '0.2' for
 * 0.15: Intl rounds the number's shortest decimal form, as this does; '4.0' with one decimal at least), or null for
 * Intl to do (negative, not finite, too large or small for plain digits).
 */
export function decimalText(n: number, fractionDigits: number, locale: string = 'en', minimumFractionDigits = 0): string | null {
  if (!Number.isFinite(n) || n < 0 || Object.is(n, -0) || !WRITTEN_LOCALES.has(locale)) return null;
  const shortest = String(n);
  if (shortest.includes('e')) return null;
  const [whole, fraction = ''] = shortest.split('.');
  let digits = whole + fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0');
  if ((fraction[fractionDigits] ?? '0') >= '5') {
    // Add one to the last kept digit, carrying leftwards ('9.96' at one decimal: '99' → '100' → '10.0').
    const up = [...digits];
    let i = up.length - 1;
    while (i >= 0 && up[i] === '9') up[i--] = '0';
    digits = i < 0 ? `1${up.join('')}` : (up[i] = String(Number(up[i]) + 1), up.join(''));
  }
  const kept = digits.slice(digits.length - fractionDigits).replace(/0+$/, '').padEnd(Math.min(minimumFractionDigits, fractionDigits), '0');
  const int = digits.slice(0, digits.length - fractionDigits) || '0';
  return groupByThree(int) + (kept ? `.${kept}` : '');
}

/**
 * A number format that writes whole numbers itself and makes the Intl one (`make`) only for anything else. What
 * messages use for '#' and a plain `{n, number}` (i18n/format-message.ts).
 */
export function wholeNumbersFirst(locale: string, make: () => Intl.NumberFormat): Pick<Intl.NumberFormat, 'format'> {
  return { format: (n) => wholeNumberText(n, locale) ?? make().format(n) };
}

/** Money is stored as integer centavos; shown as pesos with two decimals: '₱1,999.00'. */
export function formatPesos(centavos: number, locale: Locale = 'en'): string {
  if (Number.isSafeInteger(centavos) && centavos >= 0 && !Object.is(centavos, -0)) {
    return `₱${groupByThree(String(Math.floor(centavos / 100)))}.${String(centavos % 100).padStart(2, '0')}`;
  }
  return pesoFormat(locale).format(centavos / 100);
}

/** A count with the locale's grouping: '1,200'. */
export const formatNumber = (n: number, locale: Locale = 'en') => wholeNumberText(n, tag(locale)) ?? numberFormat(locale).format(n);

/** A number with exactly `digits` decimals ('4.0', a rating's average), written without Intl where it can be. */
export const formatFixed = (n: number, digits: number, locale: Locale = 'en') =>
  decimalText(n, digits, tag(locale), digits) ??
  memo(`fixed ${digits} ${locale}`, () => new Intl.NumberFormat(tag(locale), { minimumFractionDigits: digits, maximumFractionDigits: digits })).format(n);

/**
 * THE date and time of a purchase, a receipt or any wallet movement, everywhere it is shown (dashboard, wallet,
 * receipt page): long date and short time in Manila, 'November 27, 2026 at 1:05 AM' / 'Nobyembre 27, 2026 nang 1:05
 * AM'. Issue 22: the dashboard and the wallet used two formats for the same payment, and 'My videos' the device's zone.
 */
const dateTimeFormat = (locale: Locale) =>
  memo(`datetime ${locale}`, () => new Intl.DateTimeFormat(tag(locale), { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE }));
/** A day without a time (VIP valid until, member since): 'November 27, 2026' in Manila. */
const dateFormat = (locale: Locale) => memo(`date ${locale}`, () => new Intl.DateTimeFormat(tag(locale), { dateStyle: 'long', timeZone: TIME_ZONE }));

const toDate = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A purchase's (receipt's, movement's) date and time in Manila; '' for a missing or bad value. */
export function formatDateTime(value: string | number | Date | null | undefined, locale: Locale = 'en'): string {
  const d = toDate(value);
  return d ? dateTimeFormat(locale).format(d) : '';
}

/** A calendar day in Manila; '' for a missing or bad value. */
export function formatDate(value: string | number | Date | null | undefined, locale: Locale = 'en'): string {
  const d = toDate(value);
  return d ? dateFormat(locale).format(d) : '';
}

/** "1:05" / "12s" style durations for tiles. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

/** Cuts text at `max` characters and adds '...' when longer (spec §2 Plot, §9 related names). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
