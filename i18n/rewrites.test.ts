import { describe, expect, it } from 'vitest';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { LOCALE_REDIRECTS, LOCALE_REWRITES } from './rewrites';

/** Where Next's own matcher (the one it applies to next.config rewrites) sends a path; null: not rewritten. */
function rewrite(path: string): string | null {
  for (const rule of LOCALE_REWRITES) {
    const params = getPathMatch(rule.source, { removeUnnamedParams: true, strict: true })(path);
    if (params) return rule.destination.replace(':path', String(params.path));
  }
  return null;
}

describe('language rewrites', () => {
  it('sends an English page to the en route', () => {
    expect(rewrite('/')).toBe('/en');
    expect(rewrite('/movie/Mr.-Right-12')).toBe('/en/movie/Mr.-Right-12');
    expect(rewrite('/episodes/episode-1-lihim-3')).toBe('/en/episodes/episode-1-lihim-3');
    expect(rewrite('/movie-genres/All-movies')).toBe('/en/movie-genres/All-movies');
    expect(rewrite('/filipino')).toBe('/en/filipino'); // a page whose name starts like a language is still English
    expect(rewrite('/english')).toBe('/en/english');
  });

  it('leaves Filipino pages, the API, files, media, the studio and the player engine alone', () => {
    for (const path of ['/fil', '/fil/movie/a-1', '/api/client/genres', '/_next/static/x.js', '/media/a/b.mpd', '/studio', '/studio/titles/3', '/pay/abc', '/auth-emulator/relay', '/episodes/player-assets/shaka.js', '/_kilig/page-cache/purge', '/en/movie/a-1']) {
      expect(rewrite(path), path).toBeNull();
    }
  });

  it('redirects the en prefix to the spec path', () => {
    const [home, any] = LOCALE_REDIRECTS;
    expect(getPathMatch(home.source, { strict: true })('/en')).toBeTruthy();
    expect(getPathMatch(any.source, { strict: true })('/en/movie/a-1')).toEqual({ path: ['movie', 'a-1'] });
    expect(getPathMatch(any.source, { strict: true })('/english')).toBe(false);
  });
});
