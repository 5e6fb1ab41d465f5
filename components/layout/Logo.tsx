import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { publicEnv } from '@/lib/public-env';
import { homeHref } from '@/lib/routes';
import styles from './Logo.module.css';

/**
 * The small mark: a rose-to-magenta tile with a spark-heart, drawn by the module's CSS (the SVG as a background) rather
 * than inline: the header and the footer are on every page, and the inline SVG was ~0.7 kB of each page's HTML twice.
 */
export function LogoMark({ size = 30, className }: { size?: number; className?: string }) {
  return <span aria-hidden="true" className={clsx(styles.mark, className)} style={{ width: size, height: size }} />;
}

/**
 * Logo → home. The wordmark is the configured brand name. `compact`: under 420 px only the mark shows (a signed-in
 * viewer's bar also carries the wallet, 'Log out' and the profile image, and 360 px has no room for the word too).
 */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  const t = useTranslations('layout.logo');
  return (
    <Link
      href={homeHref()}
      className={clsx(styles.logo, className)}
      aria-label={t('home', { brand })}
    >
      <LogoMark />
      {/* The dot after the name is the module's ::after. */}
      <span className={clsx(styles.word, compact && styles.compact)}>{brand}</span>
    </Link>
  );
}
