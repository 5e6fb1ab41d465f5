'use client';

import { useTranslations } from 'next-intl';

/** Spec §8 'Player errors': the panel texts on mobile and desktop (in English; messages/<locale>/player.json: error.*). */
export const PLAYBACK_ERROR_TITLE = 'Video Playback Error';
export const PLAYBACK_ERROR_MOBILE = 'Unable to play video on mobile device. This may be due to device compatibility or network issues.';
export const PLAYBACK_ERROR_DESKTOP = 'An error occurred while playing video. Please try refreshing the page.';

/** 'Video Playback Error' with the layout's text (or an episode-open error) and Retry, which reloads the page. */
export function PlaybackErrorPanel({ isMobile, message }: { isMobile: boolean; message?: string }) {
  const t = useTranslations('player.error');
  return (
    <div className="absolute inset-0 z-30 flex flex-col items-center justify-center gap-3 bg-black/90 p-6 text-center" role="alert" data-testid="playback-error">
      <p className="text-lg font-semibold text-white">{t('title')}</p>
      <p className="max-w-xs text-sm text-white/75">{message ?? (isMobile ? t('mobile') : t('desktop'))}</p>
      <button
        type="button"
        className="mt-1 inline-flex h-10 items-center rounded-full bg-kilig-600 px-6 text-sm font-semibold text-white hover:bg-kilig-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        onClick={() => window.location.reload()}
      >
        {t('retry')}
      </button>
    </div>
  );
}
