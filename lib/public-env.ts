/**
 * NEXT_PUBLIC_* settings for code that runs in the browser. Each is read by its literal name so Next inlines it into
 * client bundles; this module stays free of zod to keep those bundles small. lib/env.ts validates these same values
 * (it is imported by next.config.ts, so a bad value fails the build) and is the reader for everything else.
 */
const or = (value: string | undefined, fallback: string) => (value === undefined || value === '' ? fallback : value);

export const publicEnv = {
  NEXT_PUBLIC_BRAND_NAME: or(process.env.NEXT_PUBLIC_BRAND_NAME, 'Kilig'),
  NEXT_PUBLIC_SITE_URL: or(process.env.NEXT_PUBLIC_SITE_URL, 'http://localhost:3000'),
  NEXT_PUBLIC_API_KEY: or(process.env.NEXT_PUBLIC_API_KEY, 'kilig-demo-api-key'),
  NEXT_PUBLIC_MEDIA_BASE_URL: or(process.env.NEXT_PUBLIC_MEDIA_BASE_URL, '/media'),
  NEXT_PUBLIC_CONTACT_EMAIL: or(process.env.NEXT_PUBLIC_CONTACT_EMAIL, 'hello@kilig.ph'),
  NEXT_PUBLIC_POSTAL_ADDRESS: or(process.env.NEXT_PUBLIC_POSTAL_ADDRESS, 'Unit 12, 88 Kalayaan Avenue, Diliman, Quezon City 1101, Philippines'),
  // The apps' store listings (components/layout/footer-links.ts); empty until the apps are published.
  NEXT_PUBLIC_APP_STORE_URL: or(process.env.NEXT_PUBLIC_APP_STORE_URL, ''),
  NEXT_PUBLIC_PLAY_STORE_URL: or(process.env.NEXT_PUBLIC_PLAY_STORE_URL, ''),
  NEXT_PUBLIC_FIREBASE_API_KEY: or(process.env.NEXT_PUBLIC_FIREBASE_API_KEY, 'demo-api-key'),
  NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: or(process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN, 'demo-kilig.firebaseapp.com'),
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: or(process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID, 'demo-kilig'),
  // Empty means no emulator (production): `npm start` sets it for the demo, so no default may point browsers at one.
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: or(process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL, ''),
  NEXT_PUBLIC_GOOGLE_CLIENT_ID: or(process.env.NEXT_PUBLIC_GOOGLE_CLIENT_ID, ''),
  NEXT_PUBLIC_DRM_WIDEVINE_URL: or(process.env.NEXT_PUBLIC_DRM_WIDEVINE_URL, ''),
  NEXT_PUBLIC_DRM_PLAYREADY_URL: or(process.env.NEXT_PUBLIC_DRM_PLAYREADY_URL, ''),
  NEXT_PUBLIC_DRM_FAIRPLAY_URL: or(process.env.NEXT_PUBLIC_DRM_FAIRPLAY_URL, ''),
  // The gateway adapter's name in the payment paths the browser calls (`{gateway}` of spec §7); equals PAYMENT_GATEWAY.
  NEXT_PUBLIC_PAYMENT_GATEWAY: or(process.env.NEXT_PUBLIC_PAYMENT_GATEWAY, 'sandbox'),
};

export type PublicEnv = typeof publicEnv;
