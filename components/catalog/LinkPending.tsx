'use client';

import { useLinkStatus } from 'next/link';
import clsx from 'clsx';
import styles from './PosterCard.module.css';

/**
 * The loading state of a link to a title page: a shimmer over the poster while the navigation is pending (a page
 * not yet cached or prefetched). Title pages have no loading.tsx (see app/[locale]/movie/[slug]/page.tsx), so this is it.
 */
export function LinkPending() {
  const { pending } = useLinkStatus();
  return <span aria-hidden className={clsx(styles.pending, pending && styles.pendingOn)} />;
}
