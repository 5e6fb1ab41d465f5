import { describe, expect, it } from 'vitest';
import { dashed, episodeHref, fullEpisodesHref, idFromSlug, libraryHref, movieHref, parseEpisodeSlug, searchHref } from './routes';

const title = { _id: '0123456789abcdef01234567', name: 'Kasal sa  Kontrata' };

describe('routes', () => {
  it('builds the spec route shapes', () => {
    expect(movieHref(title)).toBe('/movie/Kasal-sa-Kontrata-0123456789abcdef01234567');
    expect(fullEpisodesHref(title)).toBe('/full-episodes/Kasal-sa-Kontrata-0123456789abcdef01234567');
    expect(episodeHref(title, 0)).toBe('/episodes/episode-0-Kasal-sa-Kontrata-0123456789abcdef01234567');
    expect(libraryHref('history')).toBe('/dashboard/library?tab=history');
    expect(searchHref('  ang huling  ')).toBe('/search?keyword=ang%20huling');
  });

  it('takes the id after the last dash, whatever the name holds', () => {
    expect(idFromSlug('Mga-Lihim-ng-Gabi-0123456789abcdef01234567')).toBe('0123456789abcdef01234567');
    expect(idFromSlug(movieHref({ _id: 'abc', name: 'Ñino & "Co" / 100%' }).slice('/movie/'.length))).toBe('abc');
    expect(dashed('Ñino & Co')).toBe('%C3%91ino-%26-Co');
  });

  it('parses episode slugs, including a missing number', () => {
    expect(parseEpisodeSlug('episode-12-Kasal-sa-Kontrata-0123456789abcdef01234567')).toEqual({ episodeNumber: 12, id: '0123456789abcdef01234567' });
    expect(parseEpisodeSlug('episode--X-abc').episodeNumber).toBeNull();
    expect(parseEpisodeSlug('garbage').episodeNumber).toBeNull();
  });
});
