import formatOnly from 'use-intl/format-message/format-only';
import { wholeNumbersFirst } from '@/lib/format';

type Options = Parameters<typeof formatOnly>[3];
type Formatters = Options['formatters'];

const withWholeNumbers = new WeakMap<Formatters, Formatters>();

/**
 * How every message is formatted, on the server and in the browser (next.config.ts aliases `use-intl/format-message`
 * here): use-intl's format-only, which takes the messages compiled at build time, with one change. The number in a
 * plural's '#' and in a plain `{n, number}` is written by lib/format.ts when it is a whole number, so a page whose
 * messages only count things ('12 episodes' on every card) never makes an Intl.NumberFormat: the first one of a page
 * loads ICU's number data, 85-190 ms of a phone's main thread at Lighthouse's slowdown, during hydration. The text is
 * the same (messages/precompiled.test.ts formats every message both ways).
 */
export default function formatMessage(...[key, message, values, options]: Parameters<typeof formatOnly>): ReturnType<typeof formatOnly> {
  let formatters = withWholeNumbers.get(options.formatters);
  if (!formatters) {
    const intl = options.formatters;
    formatters = {
      ...intl,
      getNumberFormat: (locale, numberOptions) =>
        numberOptions || typeof locale !== 'string'
          ? intl.getNumberFormat(locale, numberOptions)
          : (wholeNumbersFirst(locale, () => intl.getNumberFormat(locale)) as Intl.NumberFormat),
    };
    withWholeNumbers.set(options.formatters, formatters);
  }
  return formatOnly(key, message, values, { ...options, formatters });
}

// As format-only: `t.raw` needs the message as written, which a compiled message is not.
formatMessage.raw = formatOnly.raw;
