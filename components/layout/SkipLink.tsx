import { useTranslations } from 'next-intl';
import styles from './SkipLink.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: jumps past the header to the content. */
export function SkipLink() {
  const t = useTranslations('layout');
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={styles.skip}>
      {t('skipLink')}
    </a>
  );
}
