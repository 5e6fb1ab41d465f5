import type { MetadataRoute } from 'next';
import { publicEnv } from '@/lib/public-env';
import { MINIMUM_AGE } from '@/lib/constants';

/** The site's ink (styles/globals.css `--color-ink-950`): the splash screen and the bars match the page. */
export const APP_BACKGROUND = '#07060a';

/**
 * The web app manifest (served by app/manifest.ts as /manifest.webmanifest): the site installs as a standalone app
 * that opens at the home page, with the logo mark as its icon ('any': the rounded tile; 'maskable': full bleed with the
 * mark inside the safe zone, for launchers that cut their own shape). Icons: `npx tsx scripts/pwa-icons.ts`.
 */
export function webManifest(): MetadataRoute.Manifest {
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  return {
    id: '/',
    name: brand,
    short_name: brand,
    description: `Vertical short dramas and movies made for your phone, for viewers ${MINIMUM_AGE}+ in the Philippines.`,
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: APP_BACKGROUND,
    theme_color: APP_BACKGROUND,
    categories: ['entertainment'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
