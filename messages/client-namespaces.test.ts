import { readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error: madge ships no type declarations (scripts/check-cycles.mjs uses it too)
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_NAMESPACES, MESSAGES, PAGE_NAMESPACES, clientMessagesFor, pageMessagesFor, type PageRoute } from '.';
import { mergeMessages } from './tree';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);
const hasDirective = (file: string) => /^\s*['"]use client['"]/.test(read(file));

/** A page of the site (app/[locale]/…/page.tsx) and its route, the key of PAGE_NAMESPACES. */
const PAGE = /^app\/\[locale\](.*)\/page\.tsx$/;
const routeOf = (file: string) => file.match(PAGE)![1] || '/';

/** Every module of app/ and what it imports (dynamic imports too: a lazily loaded dialog is part of its page). */
async function importGraph(): Promise<Record<string, string[]>> {
  return (
    await madge(['app', 'components', 'player', 'store', 'lib', 'i18n'].map((d) => path.join(root, d)), {
      baseDir: root,
      fileExtensions: ['ts', 'tsx'],
      tsConfig: path.join(root, 'tsconfig.json'),
      detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
    })
  ).obj();
}

/**
 * The client modules an entry of app/ reaches: the 'use client' modules among its imports and all they import (a hook
 * without the directive, imported by a client component, runs in the browser too). Type-only imports bring nothing.
 */
function clientModulesOf(graph: Record<string, string[]>, entry: string): Set<string> {
  const client = new Set<string>();
  const seen = new Set<string>();
  const queue: [string, boolean][] = [[entry, false]];
  while (queue.length) {
    const [file, underClient] = queue.shift()!;
    const isClient = underClient || (isSource(file) && hasDirective(file));
    if (isClient ? client.has(file) : seen.has(file)) continue;
    seen.add(file);
    if (isClient && isSource(file)) client.add(file);
    for (const next of graph[file] ?? []) queue.push([next, isClient]);
  }
  return client;
}

/** What a module passes to useTranslations: a namespace, or `null` for a call we cannot read (no literal argument). */
function namespacesUsed(source: string): (string | null)[] {
  // Comments may show a call (`useTranslations('common')` in a doc comment) that the code does not make.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/\buseTranslations\s*\(([^)]*)\)/g)].map(([, argument]) => argument.trim().match(/^(['"`])([\w.]+)\1$/)?.[2] ?? null);
}

const covers = (entry: string, namespace: string) => namespace === entry || namespace.startsWith(`${entry}.`);
const coveredBy = (list: readonly string[], namespace: string) => list.some((entry) => covers(entry, namespace));

/** The fewest namespaces that hold every one used: a used namespace inside another used one adds nothing. */
const coverOf = (used: Iterable<string>) => {
  const all = [...new Set(used)];
  return all.filter((ns) => !all.some((other) => other !== ns && covers(other, ns))).sort();
};

type Uses = Map<string, string[]>; // namespace → the client modules that use it

describe('the messages client components get (CLIENT_NAMESPACES, PAGE_NAMESPACES)', () => {
  /** What the layout, the segments' boundaries and the studio reach: the messages of every page. */
  const shell: Uses = new Map();
  /** Per page route: what only that page's own client modules use (not covered by the shell's list). */
  const pages = new Map<string, { file: string; uses: Uses }>();
  const unreadable = new Set<string>();
  let clientCount = 0;

  beforeAll(async () => {
    const graph = await importGraph();
    const usesOf = (modules: Set<string>): Uses => {
      const uses: Uses = new Map();
      for (const file of modules) {
        for (const namespace of namespacesUsed(read(file))) {
          if (namespace === null) unreadable.add(file);
          else uses.set(namespace, [...(uses.get(namespace) ?? []), file]);
        }
      }
      return uses;
    };
    const entries = Object.keys(graph).filter((file) => file.startsWith('app/') && isSource(file));
    const all = new Set<string>();
    for (const entry of entries.filter((file) => !PAGE.test(file))) {
      const modules = clientModulesOf(graph, entry);
      modules.forEach((m) => all.add(m));
      for (const [namespace, files] of usesOf(modules)) shell.set(namespace, [...(shell.get(namespace) ?? []), ...files]);
    }
    for (const entry of entries.filter((file) => PAGE.test(file))) {
      const modules = clientModulesOf(graph, entry);
      modules.forEach((m) => all.add(m));
      pages.set(routeOf(entry), { file: entry, uses: usesOf(modules) });
    }
    clientCount = all.size;
  }, 60_000);

  it('the scan reads the client bundle through its imports', () => {
    // A graph that lost its imports (a tsconfig path madge no longer resolves) would leave only the entries.
    expect(clientCount).toBeGreaterThan(100);
    expect(shell.size).toBeGreaterThan(20);
    expect(pages.get('/episodes/[slug]')?.uses.size).toBeGreaterThan(5);
  });

  it('every client useTranslations names its namespace as a literal (the scan must see it)', () => {
    expect([...unreadable]).toEqual([]);
  });

  it('every namespace a client module uses is given to it: by the layout, or by its page', () => {
    const missing = [...shell].filter(([namespace]) => !coveredBy(CLIENT_NAMESPACES, namespace));
    for (const [route, { uses }] of pages) {
      const given = [...CLIENT_NAMESPACES, ...(PAGE_NAMESPACES[route as PageRoute] ?? [])];
      missing.push(...[...uses].filter(([namespace]) => !coveredBy(given, namespace)).map(([ns, files]) => [`${route}: ${ns}`, files] as [string, string[]]));
    }
    expect(missing.map(([namespace, files]) => `${namespace} (${[...new Set(files)].join(', ')})`)).toEqual([]);
  });

  it('the lists are exactly what they use: no entry unused, or wider than its uses, or given twice', () => {
    expect([...CLIENT_NAMESPACES].sort()).toEqual(coverOf(shell.keys()));
    const expected: Record<string, string[]> = {};
    for (const [route, { uses }] of pages) {
      const own = coverOf([...uses.keys()].filter((namespace) => !coveredBy(CLIENT_NAMESPACES, namespace)));
      if (own.length) expected[route] = own;
    }
    const listed = Object.fromEntries(Object.entries(PAGE_NAMESPACES).map(([route, list]) => [route, [...list].sort()]));
    expect(listed).toEqual(expected);
  });

  it('each page with its own namespaces passes them (PageMessages with its route), and no other page does', () => {
    for (const [route, { file }] of pages) {
      const passes = read(file).includes(`<PageMessages locale={locale} route="${route}">`);
      expect(passes, file).toBe(route in PAGE_NAMESPACES);
    }
  });

  it('the probe: without any one entry of the layout list, some client module lacks its messages', () => {
    for (const dropped of CLIENT_NAMESPACES) {
      const rest = CLIENT_NAMESPACES.filter((entry) => entry !== dropped);
      const uncovered = [...shell.keys()].filter((namespace) => !coveredBy(rest, namespace));
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
      // A page's own stay out of every page's: the episode page's player, the wallet.
      expect(at(picked, 'player')).toBeUndefined();
      expect(at(picked, 'wallet')).toBeUndefined();
      expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(MESSAGES[locale]).length * 0.5);
      for (const route of Object.keys(PAGE_NAMESPACES) as PageRoute[]) {
        const page = pageMessagesFor(locale, route);
        for (const namespace of PAGE_NAMESPACES[route]) expect(at(page, namespace)).toEqual(at(MESSAGES[locale], namespace));
      }
    }
  });

  it("a page's messages are added to the layout's, group by group", () => {
    const merged = mergeMessages({ coins: { format: { a: '1' } }, common: { b: '2' } }, { coins: { autoUnlock: { c: '3' } } });
    expect(merged).toEqual({ coins: { format: { a: '1' }, autoUnlock: { c: '3' } }, common: { b: '2' } });
  });

  it('a compiled message (an array in a build) is a message, not a group to merge', () => {
    const compiled = ['Hi ', ['name']] as unknown as string;
    expect(mergeMessages({ a: { m: ['Old'] as unknown as string } }, { a: { m: compiled } })).toEqual({ a: { m: compiled } });
  });
});
