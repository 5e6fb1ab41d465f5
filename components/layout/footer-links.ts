import { publicEnv } from '@/lib/public-env';
import { installHref } from '@/lib/routes';

/**
 * External destinations of the footer. The store buttons lead to the apps' listings once their URLs are configured
 * (NEXT_PUBLIC_APP_STORE_URL, NEXT_PUBLIC_PLAY_STORE_URL); until then to the install page, which explains how to add
 * the site itself to the Home Screen (never to a store's home page, where there is nothing of ours to find). The
 * social networks have no handles configured yet: move them to publicEnv when real ones exist.
 */
export type Store = 'appStore' | 'googlePlay';

/** Where a store button goes: the listing (external, a new tab) or the site's install page (in the page's language). */
export function storeLink(store: Store): { href: string; external: boolean } {
  const listing = store === 'appStore' ? publicEnv.NEXT_PUBLIC_APP_STORE_URL : publicEnv.NEXT_PUBLIC_PLAY_STORE_URL;
  return listing ? { href: listing, external: true } : { href: installHref(), external: false };
}

/** The store buttons' targets as plain hrefs (see storeLink). */
export const STORE_LINKS: Record<Store, string> = {
  appStore: storeLink('appStore').href,
  googlePlay: storeLink('googlePlay').href,
};

export const SOCIAL_LINKS = [
  { network: 'Facebook', href: 'https://www.facebook.com/' },
  { network: 'Instagram', href: 'https://www.instagram.com/' },
  { network: 'TikTok', href: 'https://www.tiktok.com/' },
  { network: 'YouTube', href: 'https://www.youtube.com/' },
  { network: 'X', href: 'https://x.com/' },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['network'];
