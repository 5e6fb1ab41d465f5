'use client';

import { useMemo, type ReactNode } from 'react';
import { NextIntlClientProvider, useLocale, useMessages } from 'next-intl';
import { mergeMessages, type Tree } from '@/messages/tree';

/**
 * Adds `messages` to those of the provider above. A nested NextIntlClientProvider replaces its parent's messages
 * (it inherits the time zone, formats and error handler), so it is given both; only `messages` travels in the
 * page's payload, the parent's are read on the client.
 */
export function MoreMessages({ messages, children }: { messages: Tree; children: ReactNode }) {
  const locale = useLocale();
  const parent = useMessages() as Tree;
  const merged = useMemo(() => mergeMessages(parent, messages), [parent, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
