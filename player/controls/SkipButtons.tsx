'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { SKIP_SECONDS } from '../constants';
import { SkipBackGlyph, SkipForwardGlyph } from '../icons';
import type { SkipDirection } from '../skip';

const side =
  'absolute top-1/2 z-10 grid size-14 -translate-y-1/2 place-items-center rounded-full bg-black/50 text-white opacity-0 transition group-hover:opacity-100 hover:bg-black/70 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-white';

/**
 * Back / forward 10 s in the middle of the video's sides (desktop), shown while the pointer is over the player or
 * one of them has focus. Mobile skips with a double tap instead (TapOverlay).
 */
export function SkipButtons({ onSkip }: { onSkip: (direction: SkipDirection) => void }) {
  const t = useTranslations('player.controls');
  return (
    <>
      <button type="button" className={clsx(side, 'left-4')} onClick={() => onSkip('back')} aria-label={t('skipBack', { seconds: SKIP_SECONDS })} data-testid="skip-back">
        <SkipBackGlyph size={28} />
      </button>
      <button type="button" className={clsx(side, 'right-4')} onClick={() => onSkip('forward')} aria-label={t('skipForward', { seconds: SKIP_SECONDS })} data-testid="skip-forward">
        <SkipForwardGlyph size={28} />
      </button>
    </>
  );
}
