'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { FilmIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import type { TrailerInfo } from './TrailerModal';

// The modal and the player load on the first click, never with the page.
const TrailerModal = dynamic(() => import('./TrailerModal'), { ssr: false });

/** 'Watch Trailer' (spec §2), shown only when the title has a trailer. */
export function TrailerButton({ trailer }: { trailer: TrailerInfo }) {
  const t = useTranslations('movie.trailer');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-haspopup="dialog" className={buttonClass('secondary', 'lg')}>
        <FilmIcon size={20} />
        {t('button')}
      </button>
      {open ? <TrailerModal trailer={trailer} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
