import { getTranslations } from 'next-intl/server';
import '@/styles/globals.css';
import { genresHref, homeHref } from '@/lib/routes';
import { routing } from '@/i18n/routing';
import { buttonClass } from '@/components/ui/styles';

/**
 * A path outside the site's languages and the studio (the root layout has no document): a plain English 404 page.
 * Next renders this file inside every request of the site (the root's not-found fallback travels with each page), so it
 * must leave next-intl's request state alone: no setRequestLocale and no call without an explicit locale. With the
 * site's document here (its provider and footer read the request's locale), English was cached for the whole request
 * before app/[locale]/layout.tsx set 'fil', and every Filipino page's header, rows and footer came out in English.
 */
export default async function RootNotFound() {
  const locale = routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'pages.notFound' });
  return (
    <html lang={locale} className="dark">
      <body className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
        <main>
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-kilig-300">404</p>
          <h1 className="mt-2 font-display text-3xl font-bold md:text-4xl">{t('title')}</h1>
          <p className="mt-3 text-fg-muted">{t('text')}</p>
          <p className="mt-8 flex flex-wrap justify-center gap-3">
            <a href={homeHref()} className={buttonClass('primary')}>
              {t('home')}
            </a>
            <a href={genresHref()} className={buttonClass('secondary')}>
              {t('browse')}
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
