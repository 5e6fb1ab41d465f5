'use client';

import { useLinkStatus } from 'next/link';
import styles from './PosterCard.module.css';

/**
 * The loading state of a link to a title page: a shimmer over the poster while the navigation is pending (a page
 * not yet cached or prefetched). Title pages have no loading.tsx (see app/[locale]/movie/[slug]/page.tsx), so this is it.
 */
export function LinkPending() {
  const { pending } = useLinkStatus();
  // Nothing until a navigation is pending: an idle span in every card was ~50 bytes of HTML each (the shimmer fades
  // in by its own animation, so it needs no element standing by).
  return pending ? <span aria-hidden className={styles.pending} /> : null;
}
