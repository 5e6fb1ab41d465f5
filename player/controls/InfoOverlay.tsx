'use client';

import { useTranslations } from 'next-intl';
import { PlayGlyph } from '../icons';

/** What the player's info overlay shows of the episode (the episode page passes it down). */
export type EpisodeInfo = { heading: string; subheading: string; description: string };

/** Shown for 5 s after a pause on mobile: what is playing, and a way back to it. */
export function InfoOverlay({ info, onPlay }: { info: EpisodeInfo; onPlay: () => void }) {
  const t = useTranslations('player.controls');
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-16 top-16 z-10 flex flex-col justify-end bg-gradient-to-t from-black/80 via-black/30 to-transparent p-4" data-testid="paused-info">
      <p className="text-xs font-semibold uppercase tracking-wider text-kilig-300">{info.subheading}</p>
      <p className="mt-1 text-lg font-bold text-white">{info.heading}</p>
      {info.description && <p className="mt-1 line-clamp-3 text-sm text-white/80">{info.description}</p>}
      <button type="button" onClick={onPlay} className="pointer-events-auto mt-3 inline-flex w-fit items-center gap-2 rounded-full bg-white/90 px-4 py-2 text-sm font-semibold text-black">
        <PlayGlyph size={16} /> {t('resume')}
      </button>
    </div>
  );
}
