import { describe, expect, it } from 'vitest';
import { pageMetadata } from './page-metadata';

describe('pageMetadata', () => {
  it("uses the spec's title for the path, the canonical URL, and the same title and text in the cards", () => {
    const m = pageMetadata({ locale: 'en', path: '/movie-genres/All-movies?genre=romance', description: 'Romance titles.', image: '/demo/a.svg' });
    expect(m.title).toEqual({ absolute: 'All Movie Series | Kilig' });
    expect(m.alternates?.canonical).toBe('http://localhost:3000/movie-genres/All-movies?genre=romance');
    expect(m.openGraph).toMatchObject({ title: 'All Movie Series | Kilig', description: 'Romance titles.', images: ['http://localhost:3000/demo/a.svg'] });
    expect(m.twitter).toMatchObject({ card: 'summary_large_image', title: 'All Movie Series | Kilig', images: ['http://localhost:3000/demo/a.svg'] });
    expect(m.robots).toBeUndefined();
  });

  it('takes a unique title and can keep a page out of the index', () => {
    const m = pageMetadata({ locale: 'en', path: '/dashboard/library', description: 'x', title: 'Mine', noindex: true });
    expect(m.title).toEqual({ absolute: 'Mine' });
    expect(m.robots).toEqual({ index: false, follow: true });
    expect(pageMetadata({ locale: 'en', path: '/wallet', description: 'x' }).title).toEqual({ absolute: 'Your Wallet at Kilig' });
  });

  it('gives the Filipino page its own canonical URL, title and the hreflang alternates of both languages', () => {
    const m = pageMetadata({ locale: 'fil', path: '/wallet', description: 'x' });
    expect(m.title).toEqual({ absolute: 'Ang Wallet mo sa Kilig' });
    expect(m.alternates?.canonical).toBe('http://localhost:3000/fil/wallet');
    expect(m.alternates?.languages).toEqual({
      en: 'http://localhost:3000/wallet',
      fil: 'http://localhost:3000/fil/wallet',
      'x-default': 'http://localhost:3000/wallet',
    });
    expect(m.openGraph).toMatchObject({ locale: 'fil_PH', url: 'http://localhost:3000/fil/wallet' });
    expect(pageMetadata({ locale: 'fil', path: '/', description: 'x' }).alternates?.canonical).toBe('http://localhost:3000/fil');
  });
});
