import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { MESSAGES } from '.';

type Tree = { [key: string]: string | Tree };

/** Every leaf as [dotted key, text]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

/** The ICU arguments a message takes ({name}, {count, plural, …}, rich-text <tag>s), sorted; throws on bad syntax. */
function argumentsOf(text: string): string[] {
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      names.add(el.type === TYPE.tag ? `<${el.value}>` : el.value);
      if (el.type === TYPE.tag) visit(el.children);
      if (el.type === TYPE.select || el.type === TYPE.plural) for (const option of Object.values(el.options)) visit(option.value);
    }
  };
  visit(parse(text));
  return [...names].sort();
}

const safeArguments = (text: string) => {
  try {
    return argumentsOf(text);
  } catch {
    return ['(invalid)'];
  }
};

describe('messages', () => {
  const en = Object.fromEntries(leaves(MESSAGES.en as unknown as Tree));
  const fil = Object.fromEntries(leaves(MESSAGES.fil as unknown as Tree));

  it('Filipino has exactly the English keys', () => {
    expect(Object.keys(fil).sort()).toEqual(Object.keys(en).sort());
  });

  it('no message is empty or only spaces', () => {
    const empty = [...Object.entries(en).map(([k, v]) => ['en', k, v]), ...Object.entries(fil).map(([k, v]) => ['fil', k, v])].filter(
      ([, , v]) => !v.trim(),
    );
    expect(empty).toEqual([]);
  });

  it('every message is valid ICU', () => {
    const broken = [...Object.entries(en), ...Object.entries(fil)].filter(([, text]) => {
      try {
        argumentsOf(text);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken).toEqual([]);
  });

  it('a Filipino message takes the same arguments as its English one', () => {
    const differing = Object.keys(en)
      .filter((key) => key in fil && safeArguments(en[key]).join() !== safeArguments(fil[key]).join())
      .map((key) => ({ key, en: safeArguments(en[key]), fil: safeArguments(fil[key]) }));
    expect(differing).toEqual([]);
  });
});
