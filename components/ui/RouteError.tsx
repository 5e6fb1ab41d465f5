'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { homeHref } from '@/lib/routes';
import { buttonClass, containerClass } from './styles';

/** The body of every segment's error.tsx: a calm message, Try again (re-fetch the segment) and a way home. */
export default function RouteError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations('common.routeError');
  useEffect(() => {
    // The server already logged the detail; the digest lets support match it.
    console.error(error);
  }, [error]);
  const digest = error instanceof Error && 'digest' in error ? String((error as Error & { digest?: string }).digest ?? '') : '';

  return (
    <div className={containerClass}>
      <div role="alert" className="mx-auto my-16 max-w-lg rounded-2xl border border-white/10 bg-ink-900/80 p-8 text-center">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-kilig-300">{t('eyebrow')}</p>
        <h1 className="mt-3 font-display text-2xl font-bold">{t('title')}</h1>
        <p className="mt-3 text-sm leading-relaxed text-fg-muted">{t('body')}</p>
        {digest ? <p className="mt-2 text-xs text-fg-subtle">{t('reference', { digest })}</p> : null}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button type="button" className={buttonClass('primary')} onClick={() => retry()}>
            {t('retry')}
          </button>
          <Link href={homeHref()} className={buttonClass('secondary')}>
            {t('home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
