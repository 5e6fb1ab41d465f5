import { useTranslations } from 'next-intl';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: jumps past the header to the content. */
export function SkipLink() {
  const t = useTranslations('layout');
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-[60] rounded-full bg-kilig-600 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
    >
      {t('skipLink')}
    </a>
  );
}
