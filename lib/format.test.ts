import { describe, expect, it } from 'vitest';
import { decimalText, formatDate, formatDateTime, formatDuration, formatNumber, formatPesos, truncate, wholeNumbersFirst, wholeNumberText } from './format';

describe('format', () => {
  it('shows centavos as pesos with two decimals, in English by default and in Filipino when asked', () => {
    expect(formatPesos(29900)).toBe('₱299.00');
    expect(formatPesos(199900)).toBe('₱1,999.00');
    expect(formatPesos(199900, 'fil')).toBe('₱1,999.00');
    expect(formatNumber(1200)).toBe('1,200');
    expect(formatNumber(1234567, 'fil')).toBe('1,234,567');
  });

  // Whole numbers and pesos are written without Intl (its first use loads ICU's number data during hydration): the
  // text must be exactly Intl's, in both languages, from 0 through grouping boundaries to the largest safe integer.
  const samples = [
    ...Array.from({ length: 2100 }, (_, i) => i),
    ...Array.from({ length: 16 }, (_, p) => [10 ** p - 1, 10 ** p, 10 ** p + 1, 123456789 % 10 ** p]).flat(),
    99999, 100000, 1234567, 987654321, 2 ** 31, Number.MAX_SAFE_INTEGER,
  ];

  it('writes whole numbers exactly as Intl does in every language served, and leaves the rest to Intl', () => {
    for (const [locale, tag] of [['en', 'en-PH'], ['fil', 'fil-PH']] as const) {
      const intl = new Intl.NumberFormat(tag);
      for (const n of samples) {
        expect(wholeNumberText(n, tag)).toBe(intl.format(n));
        expect(wholeNumberText(n, locale)).toBe(new Intl.NumberFormat(locale).format(n));
        expect(formatNumber(n, locale)).toBe(intl.format(n));
      }
    }
    for (const n of [-1, -0, 1.5, NaN, Infinity, 2 ** 53, '12']) expect(wholeNumberText(n, 'en')).toBeNull();
    expect(wholeNumberText(12, 'de-DE')).toBeNull();
    expect(formatNumber(-1234.5)).toBe('-1,234.5');
    expect(formatNumber(-0, 'fil')).toBe(new Intl.NumberFormat('fil-PH').format(-0));
  });

  it('writes decimals rounded as Intl rounds them, in both languages', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const values = [
      0, 0.05, 0.15, 0.25, 0.35, 0.45, 0.95, 1.005, 1.25, 2.675, 9.95, 9.96, 99.95, 999.95, 1234.55, 0.0001, 5e-7, 1e20,
      ...Array.from({ length: 3000 }, (_, i) => Math.round(random() * 10 ** (i % 7)) / 10 ** (i % 4)),
      ...Array.from({ length: 1000 }, () => random() * 2000),
    ];
    for (const locale of ['en-PH', 'fil-PH', 'en', 'fil']) {
      for (const fractionDigits of [0, 1, 2]) {
        const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits });
        for (const n of values) {
          const text = decimalText(n, fractionDigits, locale);
          if (text !== null) expect(`${n} → ${text}`).toBe(`${n} → ${intl.format(n)}`);
        }
        // With a minimum of decimals too (a rating's '4.0').
        for (const minimum of [1, 2].filter((m) => m <= fractionDigits)) {
          const fixed = new Intl.NumberFormat(locale, { minimumFractionDigits: minimum, maximumFractionDigits: fractionDigits });
          for (const n of values) {
            const text = decimalText(n, fractionDigits, locale, minimum);
            if (text !== null) expect(`${n} → ${text}`).toBe(`${n} → ${fixed.format(n)}`);
          }
        }
      }
    }
    expect(decimalText(5e-7, 1)).toBeNull();
    expect(decimalText(-1.5, 1)).toBeNull();
    expect(decimalText(1.5, 1, 'de-DE')).toBeNull();
  });

  it('makes the Intl format only for a number it cannot write itself', () => {
    let made = 0;
    const format = wholeNumbersFirst('en', () => {
      made += 1;
      return new Intl.NumberFormat('en');
    });
    expect([format.format(0), format.format(21), format.format(1500)]).toEqual(['0', '21', '1,500']);
    expect(made).toBe(0);
    expect(format.format(2.5)).toBe('2.5');
    expect(made).toBe(1);
  });

  it('writes pesos exactly as Intl does in both languages (up to ₱100 billion), negative and fractional centavos by Intl', () => {
    for (const [locale, tag] of [['en', 'en-PH'], ['fil', 'fil-PH']] as const) {
      const intl = new Intl.NumberFormat(tag, { style: 'currency', currency: 'PHP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const centavos of [...samples.filter((n) => n < 1e13), 5, 50, 105, 29900, 199900, 100000000]) expect(formatPesos(centavos, locale)).toBe(intl.format(centavos / 100));
      for (const centavos of [-1, -29900, 12.5]) expect(formatPesos(centavos, locale)).toBe(intl.format(centavos / 100));
    }
    // Past ₱100 billion centavos / 100 is no longer exact in floating point; the written text stays exact.
    expect(formatPesos(Number.MAX_SAFE_INTEGER)).toBe('₱90,071,992,547,409.91');
  });

  it('dates a purchase in Manila time whatever the machine says, one format per language', () => {
    // 17:05 UTC on the 26th is 01:05 on the 27th in Manila (UTC+8): the day must be the 27th.
    const iso = '2026-11-26T17:05:00.000Z';
    expect(formatDateTime(iso)).toMatch(/^November 27, 2026 at 1:05\sAM$/);
    expect(formatDateTime(iso, 'fil')).toMatch(/^Nobyembre 27, 2026 nang 1:05\sAM$/);
    expect(formatDateTime(new Date(iso), 'en')).toBe(formatDateTime(iso));
    expect(formatDate(iso)).toBe('November 27, 2026');
    expect(formatDate(iso, 'fil')).toBe('Nobyembre 27, 2026');
  });

  it('gives an empty string for a missing or bad date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate(undefined, 'fil')).toBe('');
  });

  it('cuts text at the limit and adds an ellipsis only when longer', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('abc...');
  });

  it('formats durations', () => {
    expect(formatDuration(32)).toBe('32s');
    expect(formatDuration(65)).toBe('1:05');
  });
});
