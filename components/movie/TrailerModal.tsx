'use client';

import { useTranslations } from 'next-intl';
import { Modal } from '@/components/dialogs/Modal';
import TrailerPlayer from './TrailerPlayer';

/**
 * The trailer modal (spec §2): the trailer player at 9:16, the title, 'Official Trailer', and 'Duration: {n}s' when
 * the trailer has a duration. Focus moves in, stays in, and goes back to 'Watch Trailer' on close (Escape, the close
 * button or the backdrop).
 */
/** What the trailer button and its modal know of a title's trailer. */
export type TrailerInfo = { titleId: string; name: string; poster: string; duration: number };

export default function TrailerModal({ trailer, onClose }: { trailer: TrailerInfo; onClose: () => void }) {
  const t = useTranslations('movie.trailer');
  return (
    <Modal
      onClose={onClose}
      title={trailer.name}
      description={t('official')}
      closeLabel={t('close')}
      testId="trailer-modal"
      className="max-w-[min(440px,100%)]"
    >
      <TrailerPlayer titleId={trailer.titleId} name={trailer.name} poster={trailer.poster} />
      {trailer.duration > 0 ? <p className="mt-3 text-center text-sm text-fg-muted">{t('duration', { seconds: Math.round(trailer.duration) })}</p> : null}
    </Modal>
  );
}
