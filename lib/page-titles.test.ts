import { describe, expect, it } from 'vitest';
import { pageTitle, pageTitleMetadata } from './page-titles';

describe('pageTitle', () => {
  const brand = 'Kilig';

  it.each([
    ['/dashboard/library', 'Your Movie Library at Kilig'],
    ['/dashboard/library?tab=history', 'Your Movie Library at Kilig'],
    ['/movie-genres/All-movies', 'All Movie Series | Kilig'],
    ['/fandom', 'Kilig Fandom - For all the curiosity of movie fans'],
    ['/wallet', 'Your Wallet at Kilig'],
    ['/subscription', 'Kilig Subscription Plans - Choose your plan and unlock premium content!'],
  ])('titles %s as "%s"', (path, title) => {
    expect(pageTitle(path, brand)).toBe(title);
  });

  it.each(['/', '/about', '/artist', '/series', '/dashboard', '/search?keyword=love', '/movie/Hello-abc', '/tag/Hot'])(
    'uses the brand only for %s',
    (path) => {
      expect(pageTitle(path, brand)).toBe('Kilig');
    },
  );

  it('uses the configured brand name', () => {
    expect(pageTitle('/wallet', 'Tamis')).toBe('Your Wallet at Tamis');
    expect(pageTitle('/', 'Tamis')).toBe('Tamis');
  });

  it('gives an absolute metadata title so no template is added', () => {
    expect(pageTitleMetadata('/fandom', 'en', 'Kilig')).toEqual({
      title: { absolute: 'Kilig Fandom - For all the curiosity of movie fans' },
    });
  });

  it('has Filipino titles for the Filipino pages, with the brand in place', () => {
    expect(pageTitle('/fil/wallet', brand, 'fil')).toBe('Ang Wallet mo sa Kilig');
    expect(pageTitle('/fil', brand, 'fil')).toBe('Kilig');
  });
});
