/**
 * External destinations of the footer. The brand has no apps or social accounts configured yet, so these point to
 * the stores' and networks' own pages; move them to publicEnv when real handles exist.
 */
export const STORE_LINKS = {
  appStore: 'https://apps.apple.com/',
  googlePlay: 'https://play.google.com/store/apps',
} as const;

export const SOCIAL_LINKS = [
  { network: 'Facebook', href: 'https://www.facebook.com/' },
  { network: 'Instagram', href: 'https://www.instagram.com/' },
  { network: 'TikTok', href: 'https://www.tiktok.com/' },
  { network: 'YouTube', href: 'https://www.youtube.com/' },
  { network: 'X', href: 'https://x.com/' },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['network'];
