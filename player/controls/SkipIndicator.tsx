'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { SKIP_SECONDS } from '../constants';
import type { SkipDirection } from '../skip';

/**
 * '« 10s' or '10s »' on the side a skip went, for the eye only (the announcer says it aloud). The player shows it for
 * a moment after each skip, whatever started it: a button, a double tap or a key; give it a new `key` per skip so a
 * second one in a row starts afresh.
 */
export function SkipIndicator({ direction }: { direction: SkipDirection }) {
  const t = useTranslations('player.controls');
  return (
    <div
      aria-hidden
      className={clsx(
        'pointer-events-none absolute top-1/2 z-20 -translate-y-1/2 rounded-full bg-black/60 px-4 py-2 text-sm font-semibold text-white',
        direction === 'back' ? 'left-6' : 'right-6',
      )}
      data-testid="skip-indicator"
    >
      {t(direction === 'back' ? 'skipIndicatorBack' : 'skipIndicatorForward', { seconds: SKIP_SECONDS })}
    </div>
  );
}
