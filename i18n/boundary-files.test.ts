import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Next renders a segment's not-found and loading files inside every request's tree, in parallel with the layout that
 * sets the request's language (enterLocale). As server components they asked next-intl for the request's config before
 * the language was set: on /fil the whole page's server components came out in English, and an on-demand page read
 * the request's headers (DYNAMIC_SERVER_USAGE). Under app/[locale] they are client components, which take the language
 * from the layout's provider.
 */
describe("app/[locale]'s not-found and loading files", () => {
  const dir = path.join(root, 'app', '[locale]');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /(^|[\\/])(not-found|loading)\.tsx$/.test(f));

  it('are client components', () => {
    expect(files.length).toBeGreaterThan(3);
    const server = files.filter((f) => !/^\s*['"]use client['"]/.test(readFileSync(path.join(dir, f), 'utf8')));
    expect(server).toEqual([]);
  });

  it('and so is the 404 view they share', () => {
    expect(readFileSync(path.join(root, 'components/ui/NotFoundView.tsx'), 'utf8')).toMatch(/^\s*'use client'/);
  });
});
