import { useId } from 'react';
import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { publicEnv } from '@/lib/public-env';
import { homeHref } from '@/lib/routes';

/** The small mark: a rose-to-magenta tile with a spark-heart. */
export function LogoMark({ size = 30, className }: { size?: number; className?: string }) {
  const id = useId();
  const gradient = `${id}-g`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable={false} className={className}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff5fa0" />
          <stop offset="0.55" stopColor="#d41c68" />
          <stop offset="1" stopColor="#7a1050" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path
        d="M16 24.5s-7.2-4.3-8.6-8.7C6.4 12.7 8.2 9.5 11.3 9.5c1.9 0 3.4 1.1 4.7 3 1.3-1.9 2.8-3 4.7-3 3.1 0 4.9 3.2 3.9 6.3-1.4 4.4-8.6 8.7-8.6 8.7Z"
        fill="#fff"
        opacity="0.95"
      />
      <path d="M23.5 5.2c.2 1.5.8 2.3 2.3 2.7-1.5.4-2.1 1.2-2.3 2.7-.2-1.5-.8-2.3-2.3-2.7 1.5-.4 2.1-1.2 2.3-2.7Z" fill="#fbe7b0" />
    </svg>
  );
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
      className={clsx('group inline-flex shrink-0 items-center gap-2 rounded-lg', className)}
      aria-label={t('home', { brand })}
    >
      <LogoMark className="transition-transform duration-300 group-hover:scale-105" />
      <span className={clsx('font-display text-2xl font-bold italic leading-none tracking-tight text-fg', compact && 'max-[419px]:hidden')}>
        {brand}
        <span className="text-kilig-400">.</span>
      </span>
    </Link>
  );
}
