import type { ReactNode } from 'react';
import type { Locale } from '@/i18n/routing';
import { pageMessagesFor, type PageRoute } from '@/messages';
import { MoreMessages } from './MoreMessages';

/**
 * Gives the client components of the page at `route` the messages only they use (PAGE_NAMESPACES in
 * messages/index.ts), on top of the layout's: the page's HTML carries them, the other pages' does not. Each page
 * with an entry there wraps its content in it (messages/client-namespaces.test.ts checks that it does).
 */
export function PageMessages({ locale, route, children }: { locale: Locale; route: PageRoute; children: ReactNode }) {
  return <MoreMessages messages={pageMessagesFor(locale, route)}>{children}</MoreMessages>;
}
