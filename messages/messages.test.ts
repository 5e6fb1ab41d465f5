import { describe, expect, it } from 'vitest';
import { MESSAGES } from '.';

type Tree = { [key: string]: string | Tree };

/** Every leaf as [dotted key, text]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

/** The ICU arguments a message takes ({name}, {count, plural, …}, rich-text <tag>s), sorted. */
function argumentsOf(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)) names.add(m[1]);
  for (const m of text.matchAll(/<([A-Za-z][\w]*)>/g)) names.add(`<${m[1]}>`);
  return [...names].sort();
}

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

  it('a Filipino message takes the same arguments as its English one', () => {
    const differing = Object.keys(en)
      .filter((key) => key in fil && argumentsOf(en[key]).join() !== argumentsOf(fil[key]).join())
      .map((key) => ({ key, en: argumentsOf(en[key]), fil: argumentsOf(fil[key]) }));
    expect(differing).toEqual([]);
  });
});
