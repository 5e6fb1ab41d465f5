import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/**
 * Locale-aware navigation: `Link`, `useRouter`, `usePathname`, `redirect` and `getPathname` take and return the
 * paths of lib/routes.ts (the English, unprefixed spelling) and add `/fil` when the page is Filipino. Site code imports
 * these instead of next/link and next/navigation's router hooks (an ESLint rule says so).
 */
export const { Link, redirect, usePathname, useRouter, getPathname, permanentRedirect } = createNavigation(routing);
