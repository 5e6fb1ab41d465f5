'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { genresHref, homeHref } from '@/lib/routes';
import { FilmIcon } from '@/components/ui/icons';
import { buttonClass, containerClass } from '@/components/ui/styles';

/**
 * The 404 page's content, in the page's language. A client component on purpose: Next renders a segment's not-found
 * and loading files inside every request's tree, in parallel with the layout that sets the request's language, so a
 * server component there could ask next-intl for the request's config first and fix it to the wrong language (or
 * read the request's headers on a static page). The client provider of the [locale] layout has the language.
 */
export function NotFoundView() {
  const t = useTranslations('pages.notFound');
  return (
    <div className={containerClass}>
      <div className="mx-auto my-16 max-w-lg text-center md:my-24">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-kilig-600/15 text-kilig-300">
          <FilmIcon size={30} />
        </span>
        <p className="mt-6 text-xs font-semibold uppercase tracking-[0.2em] text-kilig-300">404</p>
        <h1 className="mt-2 font-display text-3xl font-bold md:text-4xl">{t('title')}</h1>
        <p className="mt-3 text-fg-muted">{t('text')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href={homeHref()} className={buttonClass('primary')}>
            {t('home')}
          </Link>
          <Link href={genresHref()} className={buttonClass('secondary')}>
            {t('browse')}
          </Link>
        </div>
      </div>
    </div>
  );
}
