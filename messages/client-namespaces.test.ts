import { readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error: madge ships no type declarations (scripts/check-cycles.mjs uses it too)
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_NAMESPACES, MESSAGES, clientMessagesFor } from '.';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);
const hasDirective = (file: string) => /^\s*['"]use client['"]/.test(read(file));

/**
 * Every module of the browser's bundle: the 'use client' modules and all they import (a hook without the directive,
 * imported by a client component, runs in the browser too). Type-only imports bring nothing into the bundle.
 */
async function clientModules(): Promise<string[]> {
  const graph: Record<string, string[]> = (
    await madge(['app', 'components', 'player', 'store', 'lib', 'i18n'].map((d) => path.join(root, d)), {
      baseDir: root,
      fileExtensions: ['ts', 'tsx'],
      tsConfig: path.join(root, 'tsconfig.json'),
      detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
    })
  ).obj();
  const seen = new Set(Object.keys(graph).filter((file) => isSource(file) && hasDirective(file)));
  const queue = [...seen];
  while (queue.length) {
    for (const next of graph[queue.shift()!] ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return [...seen].filter(isSource).sort();
}

/** What a module passes to useTranslations: a namespace, or `null` for a call we cannot read (no literal argument). */
function namespacesUsed(source: string): (string | null)[] {
  // Comments may show a call (`useTranslations('common')` in a doc comment) that the code does not make.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/\buseTranslations\s*\(([^)]*)\)/g)].map(([, argument]) => argument.trim().match(/^(['"`])([\w.]+)\1$/)?.[2] ?? null);
}

const covers = (entry: string, namespace: string) => namespace === entry || namespace.startsWith(`${entry}.`);

/** The fewest namespaces that hold every one used: a used namespace inside another used one adds nothing. */
const coverOf = (used: string[]) => used.filter((ns) => !used.some((other) => other !== ns && covers(other, ns))).sort();

describe('the messages client components get (CLIENT_NAMESPACES)', () => {
  const uses = new Map<string, string[]>(); // namespace → the client modules that use it
  const unreadable: string[] = [];
  let modules: string[] = [];

  beforeAll(async () => {
    modules = await clientModules();
    for (const file of modules) {
      for (const namespace of namespacesUsed(read(file))) {
        if (namespace === null) unreadable.push(file);
        else uses.set(namespace, [...(uses.get(namespace) ?? []), file]);
      }
    }
  }, 60_000);

  it('the scan reads the client bundle through its imports', () => {
    // A graph that lost its imports (a tsconfig path madge no longer resolves) would leave only the directive modules.
    expect(modules.filter((file) => !hasDirective(file)).length).toBeGreaterThan(20);
    expect(uses.size).toBeGreaterThan(20);
  });

  it('every client useTranslations names its namespace as a literal (the scan must see it)', () => {
    expect(unreadable).toEqual([]);
  });

  it('every namespace a client module uses is in the list', () => {
    const missing = [...uses].filter(([namespace]) => !CLIENT_NAMESPACES.some((entry) => covers(entry, namespace)));
    expect(missing.map(([namespace, files]) => `${namespace} (${[...new Set(files)].join(', ')})`)).toEqual([]);
  });

  it('the list is exactly what they use: no entry unused, or wider than its uses', () => {
    expect([...CLIENT_NAMESPACES].sort()).toEqual(coverOf([...uses.keys()]));
  });

  it('the probe: without any one entry of the list, some client module lacks its messages', () => {
    for (const dropped of CLIENT_NAMESPACES) {
      const rest = CLIENT_NAMESPACES.filter((entry) => entry !== dropped);
      const uncovered = [...uses.keys()].filter((namespace) => !rest.some((entry) => covers(entry, namespace)));
      expect(uncovered, `without ${dropped}`).not.toEqual([]);
    }
  });

  it('the picked messages are the listed namespaces, whole, at their paths, in both languages', () => {
    const at = (tree: unknown, dotted: string) => dotted.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], tree);
    for (const locale of ['en', 'fil'] as const) {
      const picked = clientMessagesFor(locale);
      for (const namespace of CLIENT_NAMESPACES) expect(at(picked, namespace)).toEqual(at(MESSAGES[locale], namespace));
      // What only the server reads stays out: page metadata, server errors (lib/message-text.ts has its own).
      expect(at(picked, 'pages.home')).toBeUndefined();
      expect(at(picked, 'errors')).toBeUndefined();
      expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(MESSAGES[locale]).length * 0.8);
    }
  });
});
