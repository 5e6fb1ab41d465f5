import type { Metadata } from 'next';
import { publicEnv } from './env';

/**
 * Page titles of spec §2: chosen by what the path contains, checked in this order
 * (so '/dashboard/library' is the library, not the dashboard); any other path is the brand only.
 */
export function pageTitle(pathname: string, brand: string): string {
  if (pathname.includes('library')) return `Your Movie Library at ${brand}`;
  if (pathname.includes('movie-genres')) return `All Movie Series | ${brand}`;
  if (pathname.includes('fandom')) return `${brand} Fandom - For all the curiosity of movie fans`;
  if (pathname.includes('wallet')) return `Your Wallet at ${brand}`;
  if (pathname.includes('subscription')) return `${brand} Subscription Plans - Choose your plan and unlock premium content!`;
  return brand;
}

/** `metadata.title` for a page at `pathname`: absolute, so the root layout's template does not add to it. */
export function pageTitleMetadata(pathname: string, brand: string = publicEnv.NEXT_PUBLIC_BRAND_NAME): Metadata {
  return { title: { absolute: pageTitle(pathname, brand) } };
}
