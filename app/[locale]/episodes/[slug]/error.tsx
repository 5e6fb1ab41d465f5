'use client';

import { useTranslations } from 'next-intl';

/** An unexpected failure while opening the episode: the spec's episode-open error, with a retry. */
export default function EpisodeError({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations('pages.episode');
  return (
    <div className="grid min-h-dvh place-items-center bg-black p-6 text-center text-white" role="alert">
      <div className="space-y-3">
        <p className="text-lg font-semibold">{t('notFound')}</p>
        <button type="button" onClick={reset} className="inline-flex h-11 items-center rounded-full bg-kilig-600 px-6 text-sm font-semibold hover:bg-kilig-500">
          {t('retry')}
        </button>
      </div>
    </div>
  );
}
