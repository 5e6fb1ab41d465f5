'use client';

import type { ComponentProps } from 'react';
import { Link, useRouter } from '@/i18n/navigation';

/**
 * A link to a title or an episode from a card or a banner, prefetched when the viewer reaches for it (a touch, the
 * mouse over it, keyboard focus) rather than when it scrolls into view. Next prefetches every link in view by default;
 * on home that was every title and first episode shown (a 412 px phone: 16 pages' payloads, 47 kB, decoded on its main
 * thread after load) for the one the viewer opens, on a prepaid phone's data. A touch starts the fetch ~100 ms before
 * its click and a hover earlier; title pages come from the page cache, and a card shows a shimmer while its page is on
 * its way (LinkPending). The few links of the site's chrome keep Next's default.
 */
export function IntentLink({
  href,
  ...props
}: Omit<ComponentProps<typeof Link>, 'href' | 'prefetch' | 'onMouseEnter' | 'onTouchStart' | 'onFocus'> & { href: string }) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return <Link {...props} href={href} prefetch={false} onMouseEnter={prefetch} onTouchStart={prefetch} onFocus={prefetch} />;
}
