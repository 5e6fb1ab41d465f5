import { setRequestLocale } from 'next-intl/server';
import { SiteDocument } from '@/components/layout/SiteDocument';
import { NotFoundView } from '@/components/ui/NotFoundView';
import { routing } from '@/i18n/routing';

/** A path outside the site's languages and the studio (the root layout has no document): the English 404 page. */
export default function RootNotFound() {
  setRequestLocale(routing.defaultLocale);
  return (
    <SiteDocument lang={routing.defaultLocale}>
      <NotFoundView />
    </SiteDocument>
  );
}
