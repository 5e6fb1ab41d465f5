import { getRequestConfig } from 'next-intl/server';
import { messagesFor } from '@/messages';
import { routing, isLocale, TIME_ZONE } from './routing';

/** What next-intl gives every server component of a request: its locale, messages, time zone and formats. */
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : routing.defaultLocale;
  return { locale, messages: messagesFor(locale), timeZone: TIME_ZONE };
});
