import { aboutHref, artistHref, genresHref, homeHref, subscriptionHref } from '@/lib/routes';

/** Which parts of the layout shell show on which path (spec §2 Layout shell and Top bar). */

const isEpisodePath = (pathname: string) => pathname.includes('/episodes/');
const isDashboardPath = (pathname: string) => pathname === '/dashboard' || pathname.startsWith('/dashboard/');
const isGenrePath = (pathname: string) => pathname.startsWith('/movie-genres');
const isMoviePath = (pathname: string) => pathname.startsWith('/movie/');

export const isHomePath = (pathname: string) => pathname === '/';

export const isHeaderHidden = (pathname: string) => isEpisodePath(pathname);

export const isFooterHidden = (pathname: string) => isEpisodePath(pathname) || pathname.includes('/tag/');

/** On small screens the nav shows as a row beneath the bar, except on episode and dashboard pages. */
export const showsMobileNav = (pathname: string) => !isEpisodePath(pathname) && !isDashboardPath(pathname);

export const isSearchHidden = (pathname: string) =>
  isDashboardPath(pathname) || pathname === '/subscription' || pathname.startsWith('/subscription/');

/** The profile image (→ /dashboard) shows on home, genre and movie pages. */
export const showsProfile = (pathname: string) => isHomePath(pathname) || isGenrePath(pathname) || isMoviePath(pathname);

/** `label`: the key of its name in the layout namespace's `nav`. */
export type NavItem = { label: 'home' | 'genre' | 'artist' | 'subscription' | 'about'; href: string; isActive: (pathname: string) => boolean };

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'home', href: homeHref(), isActive: isHomePath },
  { label: 'genre', href: genresHref(), isActive: isGenrePath },
  { label: 'artist', href: artistHref(), isActive: (p) => p === artistHref() || p.startsWith(`${artistHref()}/`) },
  {
    label: 'subscription',
    href: subscriptionHref(),
    isActive: (p) => p === subscriptionHref() || p.startsWith(`${subscriptionHref()}/`),
  },
  { label: 'about', href: aboutHref(), isActive: (p) => p === aboutHref() },
];
