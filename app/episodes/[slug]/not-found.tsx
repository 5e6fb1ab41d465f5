'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { homeHref, parseEpisodeSlug } from '@/lib/routes';
import { EPISODE_INCOMPLETE, EPISODE_NOT_FOUND } from '@/lib/contracts/playback-messages';

/** Spec §5 episode-open errors: no episode number in the address, or no such episode (both answer 404). */
export default function EpisodeNotFound() {
  const pathname = usePathname() ?? '';
  const slug = pathname.split('/').filter(Boolean).pop() ?? '';
  const message = parseEpisodeSlug(slug).episodeNumber === null ? EPISODE_INCOMPLETE : EPISODE_NOT_FOUND;
  return (
    <div className="grid min-h-dvh place-items-center bg-black p-6 text-center text-white">
      <div className="space-y-4" role="alert">
        <p className="text-lg font-semibold">{message}</p>
        <Link href={homeHref()} className="inline-flex h-11 items-center rounded-full bg-kilig-600 px-6 text-sm font-semibold hover:bg-kilig-500">
          Go home
        </Link>
      </div>
    </div>
  );
}
