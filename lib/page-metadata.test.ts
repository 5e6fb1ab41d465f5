import { describe, expect, it } from 'vitest';
import { pageMetadata } from './page-metadata';

describe('pageMetadata', () => {
  it("uses the spec's title for the path, the canonical URL, and the same title and text in the cards", () => {
    const m = pageMetadata({ path: '/movie-genres/All-movies?genre=romance', description: 'Romance titles.', image: '/demo/a.svg' });
    expect(m.title).toEqual({ absolute: 'All Movie Series | Kilig' });
    expect(m.alternates?.canonical).toBe('http://localhost:3000/movie-genres/All-movies?genre=romance');
    expect(m.openGraph).toMatchObject({ title: 'All Movie Series | Kilig', description: 'Romance titles.', images: ['http://localhost:3000/demo/a.svg'] });
    expect(m.twitter).toMatchObject({ card: 'summary_large_image', title: 'All Movie Series | Kilig', images: ['http://localhost:3000/demo/a.svg'] });
    expect(m.robots).toBeUndefined();
  });

  it('takes a unique title and can keep a page out of the index', () => {
    const m = pageMetadata({ path: '/dashboard/library', description: 'x', title: 'Mine', noindex: true });
    expect(m.title).toEqual({ absolute: 'Mine' });
    expect(m.robots).toEqual({ index: false, follow: true });
    expect(pageMetadata({ path: '/wallet', description: 'x' }).title).toEqual({ absolute: 'Your Wallet at Kilig' });
  });
});
