'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { fetchPlayback } from '@/lib/api/playback';
import type { PlaybackMedia } from '@/lib/contracts/playback';
import { errorMessages } from '@/lib/api/errors';
import EpisodePlayer from '@/player/EpisodePlayer';
import { useAnnouncer } from '@/player/use-announcer';
import { useIsMobile } from '@/player/use-is-mobile';

type State = { status: 'loading' } | { status: 'ready'; media: PlaybackMedia } | { status: 'failed'; message: string | null };

/**
 * The trailer (episode 0) in the player's trailer layout: native controls, the poster, never locked, no watch
 * session (spec §2, §6). Its media come from the player's own call when the modal opens.
 */
export default function TrailerPlayer({ titleId, name, poster }: { titleId: string; name: string; poster: string }) {
  const t = useTranslations('movie.trailer');
  const [state, setState] = useState<State>({ status: 'loading' });
  const isMobile = useIsMobile();
  const [announcement, announce] = useAnnouncer();

  useEffect(() => {
    const controller = new AbortController();
    fetchPlayback(titleId, 0, controller.signal)
      .then((p) => setState(p.media ? { status: 'ready', media: p.media } : { status: 'failed', message: null }))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: errorMessages(err)[0] ?? null });
      });
    return () => controller.abort();
  }, [titleId]);

  return (
    <div className="mx-auto aspect-[9/16] h-[min(68dvh,711px)] max-w-full overflow-hidden rounded-2xl bg-black" data-testid="trailer-frame">
      {state.status === 'ready' ? (
        <EpisodePlayer
          media={state.media}
          variant="trailer"
          isMobile={isMobile}
          label={t('label', { name })}
          info={{ heading: name, subheading: t('official'), description: '' }}
          preload={null}
          startTime={null}
          userId={null}
          history={null}
          announce={announce}
          keyboard={false}
          testId="trailer-video"
        />
      ) : (
        <div className="relative flex size-full items-center justify-center">
          {poster ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={poster} alt="" width={400} height={711} className="absolute inset-0 size-full object-cover opacity-40" />
          ) : null}
          <p role="status" className="relative px-6 text-center text-sm text-white">
            {state.status === 'loading' ? t('loading') : (state.message ?? t('unavailable'))}
          </p>
        </div>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
