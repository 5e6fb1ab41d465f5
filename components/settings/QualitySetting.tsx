'use client';

import clsx from 'clsx';
import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { INTL_LOCALE, type Locale } from '@/i18n/routing';
import { estimateBytes, formatDataUse, TYPICAL_VARIANTS } from '@/player/data-use';
import { QUALITIES, type Quality } from '@/player/quality';
import { useQuality } from '@/player/use-quality';

const HINTS = { auto: 'autoHint', saver: 'saverHint', hd: 'hdHint' } as const satisfies Record<Quality, string>;

/**
 * Video quality on the dashboard (issue 22's data saver): the same stored choice as the player's select, so either
 * follows the other. Each option says roughly what an hour uses (our packaging's ladder; Auto at most that of HD).
 */
export function QualitySetting() {
  const t = useTranslations('player');
  const intlLocale = INTL_LOCALE[useLocale() as Locale];
  const [quality, setQuality] = useQuality();
  const id = useId();
  const perHour = (q: Quality) => formatDataUse(estimateBytes(TYPICAL_VARIANTS, 3600, q) ?? 0, intlLocale);

  return (
    <fieldset aria-describedby={`${id}-hint`} data-testid="quality-setting">
      <legend className="text-sm font-semibold text-fg">{t('qualitySetting.title')}</legend>
      <p id={`${id}-hint`} className="mt-0.5 max-w-prose text-sm text-fg-muted">
        {t('qualitySetting.hint')}
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-3">
        {QUALITIES.map((q) => (
          <label
            key={q}
            className={clsx(
              'flex cursor-pointer flex-col gap-0.5 rounded-2xl border p-3 text-sm transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-kilig-400',
              quality === q ? 'border-kilig-400 bg-kilig-500/10' : 'border-white/10 hover:border-white/25',
            )}
          >
            <span className="flex items-center gap-2 font-semibold text-fg">
              {/* Named by the option's name alone; its hint and data use are its description. */}
              <input
                type="radio"
                name={`${id}-quality`}
                value={q}
                checked={quality === q}
                onChange={() => setQuality(q)}
                aria-labelledby={`${id}-${q}-name`}
                aria-describedby={`${id}-${q}-hint ${id}-${q}-use`}
                className="accent-kilig-500"
              />
              <span id={`${id}-${q}-name`}>{t(`quality.${q}`)}</span>
            </span>
            <span id={`${id}-${q}-hint`} className="text-fg-muted">
              {t(`qualitySetting.${HINTS[q]}`)}
            </span>
            <span id={`${id}-${q}-use`} className="text-xs text-fg-subtle">
              {t(q === 'auto' ? 'qualitySetting.upToPerHour' : 'qualitySetting.perHour', { amount: perHour(q) })}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
