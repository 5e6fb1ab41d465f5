import { describe, expect, it } from 'vitest';
import { genresHref, seriesHref } from './routes';

describe('browse routes with filters', () => {
  it('keeps the bare paths when there is no filter', () => {
    expect(genresHref()).toBe('/movie-genres/All-movies');
    expect(seriesHref()).toBe('/series');
    expect(seriesHref(1)).toBe('/series');
  });

  it('puts genre, tag and page in the query, leaving out empty values and page 1', () => {
    expect(genresHref({ genre: 'office-romance', tag: 'Hot' })).toBe('/movie-genres/All-movies?genre=office-romance&tag=Hot');
    expect(genresHref({ genre: null, tag: 'Slow Burn', page: 1 })).toBe('/movie-genres/All-movies?tag=Slow+Burn');
    expect(genresHref({ page: 3 })).toBe('/movie-genres/All-movies?page=3');
    expect(seriesHref(2)).toBe('/series?page=2');
  });
});
