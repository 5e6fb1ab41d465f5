'use client';

import Link from 'next/link';
import { useEffect } from 'react';
import { homeHref } from '@/lib/routes';
import { buttonClass, containerClass } from './styles';

/** The body of every segment's error.tsx: a calm message, Try again (re-fetch the segment) and a way home. */
export default function RouteError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    // The server already logged the detail; the digest lets support match it.
    console.error(error);
  }, [error]);
  const digest = error instanceof Error && 'digest' in error ? String((error as Error & { digest?: string }).digest ?? '') : '';

  return (
    <div className={containerClass}>
      <div role="alert" className="mx-auto my-16 max-w-lg rounded-2xl border border-white/10 bg-ink-900/80 p-8 text-center">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-kilig-300">Something went wrong</p>
        <h1 className="mt-3 font-display text-2xl font-bold">We couldn&apos;t load this page</h1>
        <p className="mt-3 text-sm leading-relaxed text-fg-muted">
          It&apos;s not you, it&apos;s us. Please try again in a moment.
        </p>
        {digest ? <p className="mt-2 text-xs text-fg-subtle">Reference: {digest}</p> : null}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button type="button" className={buttonClass('primary')} onClick={() => retry()}>
            Try again
          </button>
          <Link href={homeHref()} className={buttonClass('secondary')}>
            Go home
          </Link>
        </div>
      </div>
    </div>
  );
}
