'use client';

import { useCallback, useEffect, useId, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import type { Banner } from '@/lib/contracts/catalog';
import { episodeHref, movieHref } from '@/lib/routes';
import { truncate } from '@/lib/format';
import { imageSrcSet } from '@/lib/images';
import { IntentLink } from '@/components/catalog/IntentLink';
import { PremiumBadge } from '@/components/ui/PremiumBadge';
import { ChevronLeftIcon, ChevronRightIcon, InfoIcon, PlayIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import styles from './BannerCarousel.module.css';

export const BANNER_INTERVAL_MS = 6000;

function subscribeReducedMotion(onChange: () => void) {
  const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}
const reducedMotionSnapshot = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const serverReducedMotionSnapshot = () => false;

/**
 * The full-width home banner: auto-advances, pauses while hovered or focused (and never auto-advances for people who
 * asked for reduced motion), a pause/play button, dots and arrows, Left/Right keys. Slides that are not shown are
 * inert.
 */
export function BannerCarousel({ banners, intervalMs = BANNER_INTERVAL_MS }: { banners: Banner[]; intervalMs?: number }) {
  const t = useTranslations('home.carousel');
  const tc = useTranslations('common');
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The viewer's own pause (WCAG 2.2.2): stays until they press play, unlike the hover and focus pauses.
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, reducedMotionSnapshot, serverReducedMotionSnapshot);
  const regionId = useId();
  const count = banners.length;
  const paused = hovered || focused || reducedMotion || stopped;

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [index, paused, count, intervalMs]);

  if (count === 0) return null;

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(index - 1);
    }
  }

  return (
    <section
      aria-roledescription={t('roleCarousel')}
      aria-label={t('label')}
      data-paused={paused ? 'true' : 'false'}
      className="relative isolate md:-mt-16"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div id={regionId} aria-live={paused ? 'polite' : 'off'} className="relative">
        {banners.map((banner, i) => {
          const active = i === index;
          const ref = { _id: banner.movieSeriesId, name: banner.name };
          const srcSet = imageSrcSet(banner.image);
          return (
            <div
              key={banner._id}
              role="group"
              aria-roledescription={t('roleSlide')}
              aria-label={t('slide', { index: i + 1, count, name: banner.name })}
              aria-hidden={!active}
              inert={!active}
              className={clsx(styles.slide, active ? styles.active : styles.hidden)}
            >
              <div className={styles.frame}>
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img
                  src={banner.image}
                  srcSet={srcSet}
                  // Full width at every breakpoint.
                  sizes={srcSet && '100vw'}
                  alt={t('bannerAlt', { name: banner.name })}
                  width={1600}
                  height={900}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                />
              </div>
              <div className={styles.copy}>
                <div className={styles.inner}>
                  <div>
                    <div className={styles.kicker}>
                      <span>{tc(banner.type === 1 ? 'type.movie' : 'type.series')}</span>
                      {banner.isPremium ? <PremiumBadge /> : null}
                    </div>
                    <h2 className={styles.name}>
                      {banner.name}
                    </h2>
                    <p className={styles.text}>
                      {truncate(banner.description, 220)}
                    </p>
                    <div className={styles.actions}>
                      <IntentLink href={episodeHref(ref, 1)} className={buttonClass('primary', 'md')}>
                        <PlayIcon size={18} /> {t.rich('play', { name: banner.name, sr: srOnly })}
                      </IntentLink>
                      <IntentLink href={movieHref(ref)} className={buttonClass('secondary', 'md')}>
                        <InfoIcon size={18} /> {t.rich('moreInfo', { name: banner.name, sr: srOnly })}
                      </IntentLink>
                    </div>
                  </div>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      {count > 1 ? (
        <div className="md:pointer-events-none md:absolute md:inset-x-0 md:bottom-6">
          <div className="mx-auto flex max-w-[1600px] items-center justify-center gap-3 px-4 pt-3 md:justify-end md:px-8 md:pt-0">
            {reducedMotion ? null : (
              <button
                type="button"
                aria-controls={regionId}
                aria-label={stopped ? t('playSlideshow') : t('pauseSlideshow')}
                onClick={() => setStopped((v) => !v)}
                className="pointer-events-auto inline-flex size-9 items-center justify-center rounded-full border border-white/15 bg-black/40 text-white backdrop-blur hover:bg-black/60"
              >
                {stopped ? <PlayIcon size={16} /> : <PauseGlyph />}
              </button>
            )}
            <button
              type="button"
              aria-controls={regionId}
              aria-label={t('previous')}
              onClick={() => go(index - 1)}
              className="pointer-events-auto hidden size-9 items-center justify-center rounded-full border border-white/15 bg-black/40 text-white backdrop-blur hover:bg-black/60 md:inline-flex"
            >
              <ChevronLeftIcon size={18} />
            </button>
            <div className="pointer-events-auto flex items-center gap-1" role="group" aria-label={t('choose')}>
              {banners.map((banner, i) => (
                <button
                  key={banner._id}
                  type="button"
                  aria-controls={regionId}
                  aria-label={t('show', { index: i + 1, name: banner.name })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}
                  // 24 × 24 px at least (WCAG 2.5.8 target size), the dot drawn inside.
                  className="group flex h-6 min-w-6 items-center justify-center"
                >
                  <span
                    className={clsx(
                      'block h-1.5 rounded-full transition-all duration-300',
                      i === index ? 'w-7 bg-kilig-400' : 'w-2.5 bg-white/40 group-hover:bg-white/70',
                    )}
                  />
                </button>
              ))}
            </div>
            <button
              type="button"
              aria-controls={regionId}
              aria-label={t('next')}
              onClick={() => go(index + 1)}
              className="pointer-events-auto hidden size-9 items-center justify-center rounded-full border border-white/15 bg-black/40 text-white backdrop-blur hover:bg-black/60 md:inline-flex"
            >
              <ChevronRightIcon size={18} />
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

const srOnly = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;

/** Two bars: the icon set has no pause sign. */
function PauseGlyph() {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden focusable={false} fill="currentColor">
      <rect x="3.5" y="2.5" width="3" height="11" rx="1" />
      <rect x="9.5" y="2.5" width="3" height="11" rx="1" />
    </svg>
  );
}
