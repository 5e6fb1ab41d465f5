'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { DESCRIPTION_PREVIEW } from '@/lib/constants';

/**
 * The plot (spec §2): the first 100 characters plus '...' when longer, with Read More / Read Less. The whole text is
 * in the server HTML either way (the rest is only hidden), so crawlers and readers without JavaScript get all of it.
 */
export function PlotText({ text, max = DESCRIPTION_PREVIEW }: { text: string; max?: number }) {
  const t = useTranslations('movie.plotText');
  const [expanded, setExpanded] = useState(false);
  const restId = useId();
  const long = text.length > max;
  return (
    <div className="mt-2 max-w-3xl">
      <p className="whitespace-pre-line leading-relaxed text-fg-muted" data-testid="plot">
        {long ? (
          <>
            {text.slice(0, max)}
            <span hidden={expanded}>...</span>
            <span id={restId} hidden={!expanded}>
              {text.slice(max)}
            </span>
          </>
        ) : (
          text
        )}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={restId}
          onClick={() => setExpanded((v) => !v)}
          // At least 24 px tall (WCAG 2.5.8 target size): the line of small text alone is 20.
          className="mt-1.5 inline-flex min-h-6 items-center text-sm font-semibold text-kilig-300 hover:text-kilig-200"
        >
          {expanded ? t('less') : t('more')}
        </button>
      ) : null}
    </div>
  );
}
