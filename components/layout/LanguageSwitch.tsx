'use client';

import { Suspense, type ReactNode } from 'react';
// The one place that links to the other language's spelling of a page itself (see SwitchLink).
// eslint-disable-next-line no-restricted-imports
import NextLink from 'next/link';
import { useSearchParams } from 'next/navigation';
import clsx from 'clsx';
import { useLocale } from 'next-intl';
import { getPathname, usePathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

/** Each language named in itself, so a reader of the other language recognises it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fil: 'Filipino' };

/** Under 420 px the header shows the code; the name stays the link's accessible name (it contains the code). */
const CODES: Record<Locale, string> = { en: 'EN', fil: 'FIL' };

export const otherLocale = (locale: Locale): Locale => (locale === 'en' ? 'fil' : 'en');

/** The studio is English only (issue 22): no switch there. */
export const showsLanguageSwitch = (pathname: string) => pathname !== '/studio' && !pathname.startsWith('/studio/');

type Props = {
  className?: string;
  testId?: string;
  /** The link's text (default: the other language's name), given in the other language. */
  children?: (target: Locale) => ReactNode;
  /** Under 420 px, show the language's code ('FIL') instead of its name (the signed-in phone header has no room). */
  abbreviate?: boolean;
};

/**
 * The language switch of the header and the footer: a real link to this page in the other language (same path and
 * query), named in that language, with its hreflang and lang. The query is read under Suspense: a page rendered ahead
 * of any request has none, so its HTML links the bare path and the browser fills the query in after hydration.
 */
export function LanguageSwitch(props: Props) {
  const pathname = usePathname();
  if (!showsLanguageSwitch(pathname)) return null;
  return (
    <Suspense fallback={<SwitchLink {...props} pathname={pathname} query="" />}>
      <WithQuery {...props} pathname={pathname} />
    </Suspense>
  );
}

function WithQuery({ pathname, ...props }: Props & { pathname: string }) {
  const query = useSearchParams()?.toString() ?? '';
  return <SwitchLink {...props} pathname={pathname} query={query} />;
}

function SwitchLink({ pathname, query, className, testId, children, abbreviate }: Props & { pathname: string; query: string }) {
  const target = otherLocale(useLocale());
  return (
    // next/link with the other language's path: next-intl's Link given `locale` forces the prefix (`/en/movie/x`, a
    // redirect to `/movie/x`), which a site without a locale cookie does not need.
    <NextLink
      href={`${getPathname({ href: pathname, locale: target })}${query ? `?${query}` : ''}`}
      hrefLang={target}
      lang={target}
      data-testid={testId}
      // A language change is a new document for the cache; nothing to prefetch.
      prefetch={false}
      className={clsx('inline-flex min-h-6 min-w-6 items-center justify-center', className)}
    >
      {children ? (
        children(target)
      ) : abbreviate ? (
        <>
          <span className="max-[419px]:sr-only">{LANGUAGE_NAMES[target]}</span>
          <span aria-hidden="true" className="min-[420px]:hidden">
            {CODES[target]}
          </span>
        </>
      ) : (
        LANGUAGE_NAMES[target]
      )}
    </NextLink>
  );
}
