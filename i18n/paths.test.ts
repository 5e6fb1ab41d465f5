import { describe, expect, it } from 'vitest';
import { everyLocalePath, internalPaths, localizedPath, splitLocale } from './paths';

describe('localized paths', () => {
  it('English keeps the spec path; Filipino is under /fil', () => {
    expect(localizedPath('/', 'en')).toBe('/');
    expect(localizedPath('/', 'fil')).toBe('/fil');
    expect(localizedPath('/movie/Lihim-12', 'fil')).toBe('/fil/movie/Lihim-12');
    expect(localizedPath('/search?keyword=x', 'fil')).toBe('/fil/search?keyword=x');
    expect(everyLocalePath('/series')).toEqual(['/series', '/fil/series']);
  });

  it('names the paths Next renders them under', () => {
    expect(internalPaths('/')).toEqual(['/en', '/fil']);
    expect(internalPaths('/movie/a-1')).toEqual(['/en/movie/a-1', '/fil/movie/a-1']);
  });

  it('splits a public path into language and spec path', () => {
    expect(splitLocale('/fil')).toEqual(['fil', '/']);
    expect(splitLocale('/fil/movie/a-1')).toEqual(['fil', '/movie/a-1']);
    expect(splitLocale('/filipino-romance')).toEqual(['en', '/filipino-romance']);
    expect(splitLocale('/movie/a-1')).toEqual(['en', '/movie/a-1']);
  });
});
