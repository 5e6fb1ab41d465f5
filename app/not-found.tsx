import Link from 'next/link';
import { genresHref, homeHref } from '@/lib/routes';
import { FilmIcon } from '@/components/ui/icons';
import { buttonClass, containerClass } from '@/components/ui/styles';

export default function NotFound() {
  return (
    <div className={containerClass}>
      <div className="mx-auto my-16 max-w-lg text-center md:my-24">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-kilig-600/15 text-kilig-300">
          <FilmIcon size={30} />
        </span>
        <p className="mt-6 text-xs font-semibold uppercase tracking-[0.2em] text-kilig-300">404</p>
        <h1 className="mt-2 font-display text-3xl font-bold md:text-4xl">This page isn&apos;t showing</h1>
        <p className="mt-3 text-fg-muted">
          The title or page you were looking for doesn&apos;t exist or is no longer available.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href={homeHref()} className={buttonClass('primary')}>
            Go home
          </Link>
          <Link href={genresHref()} className={buttonClass('secondary')}>
            Browse movies
          </Link>
        </div>
      </div>
    </div>
  );
}
