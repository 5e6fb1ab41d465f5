import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ART = path.resolve(import.meta.dirname, '..', 'public', 'demo', 'art');
const banners = readdirSync(ART).filter((f) => f.endsWith('-banner.svg'));

/**
 * Issue 22: the demo banners had the title, tagline and badges drawn in, and on phones the home carousel cropped that
 * text behind the page's own title. The page lays the title over the art, so the art carries none (scripts/demo-art.ts).
 * The committed banners before the fix had 7 <text> elements each.
 */
describe('demo banner art', () => {
  it('exists for the seeded titles', () => {
    expect(banners.length).toBeGreaterThan(5);
  });

  it.each(banners)('%s draws no text (the page shows the only title)', (file) => {
    const svg = readFileSync(path.join(ART, file), 'utf8');
    expect(svg.match(/<text[\s>]/g) ?? []).toEqual([]);
  });
});
