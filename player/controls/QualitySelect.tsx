'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { ChevronDownGlyph } from '../icons';
import { QUALITIES, type Quality } from '../quality';
import { useQuality } from '../use-quality';
import type { ButtonLook } from './ControlButton';

const LOOKS: Record<ButtonLook, string> = {
  bar: 'h-9 bg-transparent hover:bg-white/15',
  round: 'h-10 bg-black/45 backdrop-blur',
};

/**
 * Video quality (issue 22's data saver): Auto, Data saver (360p) or HD (720p). A native select, so phones open their
 * own picker and keyboards and screen readers get a labelled list for free. The choice is stored for every player
 * and the dashboard's setting (quality.ts); the session applies it at once.
 */
export function QualitySelect({ look }: { look: ButtonLook }) {
  const t = useTranslations('player.quality');
  const [quality, setQuality] = useQuality();
  return (
    <span className="relative inline-flex shrink-0 items-center text-white">
      <select
        value={quality}
        onChange={(e) => setQuality(e.target.value as Quality)}
        aria-label={t('label')}
        data-testid="quality-select"
        className={clsx(
          'cursor-pointer appearance-none rounded-full pl-3 pr-7 text-xs font-semibold text-white focus-visible:outline-2 focus-visible:outline-white',
          LOOKS[look],
        )}
      >
        {QUALITIES.map((q) => (
          <option key={q} value={q} className="bg-ink-900 text-fg">
            {t(q)}
          </option>
        ))}
      </select>
      <ChevronDownGlyph size={14} className="pointer-events-none absolute right-2.5" />
    </span>
  );
}
