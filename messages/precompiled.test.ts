import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import compile from 'icu-minify/compile';
import formatParsed from 'use-intl/format-message';
import formatPrecompiled from '@/i18n/format-message';
import { _createCache, _createIntlFormatters } from 'use-intl/core';
import { TIME_ZONE } from '@/i18n/routing';
import { MESSAGES } from '.';
import type { Tree } from './tree';

/**
 * Builds format every message precompiled (next.config.ts: next-intl's `messages.precompile`, which compiles each
 * messages/<locale>/*.json at build time with icu-minify, and i18n/format-message.ts, use-intl's format-only writing
 * whole numbers without Intl), while these unit tests, like the rest, read the JSON as it is and format it with
 * use-intl's ICU parser. This test is what ties the two: every message, in both languages, with values for each of its
 * branches, says the same both ways.
 */

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

type Values = Parameters<typeof formatParsed>[2] & object;

/** Value sets that, together, take every option of each select and plural (and 0, 1, 2, 21 for plurals). */
function valueSets(text: string): Values[] {
  const choices = new Map<string, unknown[]>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      if (el.type === TYPE.argument) choices.set(el.value, choices.get(el.value) ?? ['Lihim']);
      if (el.type === TYPE.number) choices.set(el.value, [1234.5, 0, 7]);
      if (el.type === TYPE.date || el.type === TYPE.time) choices.set(el.value, [new Date(Date.UTC(2026, 0, 31, 17, 5))]);
      if (el.type === TYPE.tag) {
        choices.set(el.value, [(chunks: unknown) => `<${el.value}>${([] as unknown[]).concat(chunks).join('')}</${el.value}>`]);
        visit(el.children);
      }
      if (el.type === TYPE.select) choices.set(el.value, [...Object.keys(el.options).filter((k) => k !== 'other'), 'another']);
      if (el.type === TYPE.plural) {
        const exact = Object.keys(el.options).filter((k) => k.startsWith('=')).map((k) => Number(k.slice(1)));
        choices.set(el.value, [...new Set([0, 1, 2, 21, 1500, ...exact])]);
      }
      if (el.type === TYPE.select || el.type === TYPE.plural) for (const option of Object.values(el.options)) visit(option.value);
    }
  };
  visit(parse(text));
  const rounds = Math.max(1, ...[...choices.values()].map((c) => c.length));
  return Array.from({ length: rounds }, (_, i) => Object.fromEntries([...choices].map(([name, c]) => [name, c[i % c.length]])) as Values);
}

describe('messages precompiled', () => {
  for (const locale of ['en', 'fil'] as const) {
    it(`every ${locale} message formats the same precompiled as parsed`, () => {
      const options = () => ({ cache: _createCache(), formatters: _createIntlFormatters(_createCache()), locale, timeZone: TIME_ZONE });
      const differ: string[] = [];
      for (const [key, text] of leaves(MESSAGES[locale] as unknown as Tree)) {
        const compiled = compile(text);
        for (const values of valueSets(text)) {
          const has = Object.keys(values).length > 0;
          const parsed = formatParsed(key, text, has ? values : undefined, options() as never);
          const precompiled = formatPrecompiled(key, compiled, has ? values : undefined, options() as never);
          const flat = (v: unknown) => ([] as unknown[]).concat(v).join('');
          if (flat(parsed) !== flat(precompiled)) differ.push(`${key} ${JSON.stringify(values)}: ${flat(parsed)} | ${flat(precompiled)}`);
        }
      }
      expect(differ).toEqual([]);
    });
  }

  it('the texts code reads as strings are plain texts, the same compiled', () => {
    // lib/message-text.ts matches the server's words against errors.known and toasts.server, and the offline page
    // (components/pwa/offline-document.ts) writes pwa.offline into its HTML: both read them without a translator.
    const read = (locale: 'en' | 'fil') => {
      const m = MESSAGES[locale];
      return leaves({ known: m.errors.known, codes: m.errors.codes, server: m.toasts.server, offline: m.pwa.offline } as unknown as Tree);
    };
    const changed = [...read('en'), ...read('fil')].filter(([, text]) => compile(text) !== text);
    expect(changed).toEqual([]);
  });
});

describe('whole numbers in messages', () => {
  it("writes a plural's '#' and a plain number without making an Intl.NumberFormat, and a fraction with one", () => {
    const made: unknown[] = [];
    const intl = _createIntlFormatters(_createCache());
    const formatters = { ...intl, getNumberFormat: (...args: Parameters<typeof intl.getNumberFormat>) => (made.push(args), intl.getNumberFormat(...args)) };
    const options = { cache: _createCache(), formatters, locale: 'fil', timeZone: TIME_ZONE } as never;
    const count = compile('{count, plural, one {# yugto} other {# na yugto}}');
    expect(formatPrecompiled('k', count, { count: 14 }, options)).toBe('14 na yugto');
    expect(formatPrecompiled('k', count, { count: 1500 }, options)).toBe('1,500 yugto');
    expect(formatPrecompiled('k', compile('{n, number} barya'), { n: 7 }, options)).toBe('7 barya');
    expect(made).toEqual([]);
    expect(formatPrecompiled('k', compile('{n, number} barya'), { n: 2.5 }, options)).toBe('2.5 barya');
    expect(made).toEqual([['fil']]);
  });
});
