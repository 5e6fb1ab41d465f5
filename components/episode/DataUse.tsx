'use client';

import clsx from 'clsx';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { INTL_LOCALE } from '@/i18n/routing';
import type { Playback } from '@/lib/contracts/playback';
import { estimateBytes, formatDataUse, TYPICAL_VARIANTS, variantsFromManifest, type Variant } from '@/player/data-use';
import { useQuality } from '@/player/use-quality';
import { useHydrated } from './use-hydrated';

/** Manifests read once per page (the player has fetched them already: this is usually the HTTP cache). */
const ladders = new Map<string, Promise<Variant[]>>();
function ladderOf(url: string): Promise<Variant[]> {
  let ladder = ladders.get(url);
  if (!ladder) {
    ladder = fetch(url, { priority: 'low' } as RequestInit)
      .then((r) => (r.ok ? r.text() : ''))
      .then(variantsFromManifest)
      .catch(() => []);
    ladders.set(url, ladder);
  }
  return ladder;
}

/**
 * The first manifest of the title the page has: this episode's, else a neighbour's (same packaging). With none (a
 * locked episode between locked ones: their manifests never reach the page), our packaging's ladder, TYPICAL_VARIANTS.
 */
const manifestOf = (p: Pick<Playback, 'media' | 'previous' | 'next'>) => p.media?.dashManifest ?? p.next?.media?.dashManifest ?? p.previous?.media?.dashManifest ?? null;

/**
 * Roughly how much data the episode uses at the viewer's chosen quality (issue 22's data saver: Auto, Data saver,
 * HD), from a manifest's bitrates and the episode's duration. Drawn after hydration only: the choice lives in this
 * browser, and a server-rendered guess would change under the viewer's eyes.
 */
export function DataUse({ playback, className }: { playback: Pick<Playback, 'media' | 'previous' | 'next' | 'episode'>; className?: string }) {
  const t = useTranslations('episode.data');
  const locale = useLocale();
  const hydrated = useHydrated();
  const [quality] = useQuality();
  const manifest = manifestOf(playback);
  const [read, setRead] = useState<{ url: string; variants: Variant[] } | null>(null);
  useEffect(() => {
    if (!manifest) return;
    let current = true;
    void ladderOf(manifest).then((variants) => {
      if (current) setRead({ url: manifest, variants });
    });
    return () => {
      current = false;
    };
  }, [manifest]);

  // A manifest that could not be read (or lists nothing) falls back to the typical ladder.
  const variants = !manifest ? TYPICAL_VARIANTS : read?.url !== manifest ? null : read.variants.length > 0 ? read.variants : TYPICAL_VARIANTS;
  const bytes = hydrated && variants ? estimateBytes(variants, playback.episode.duration, quality) : null;
  if (bytes === null) return null;
  return (
    <p className={clsx('text-xs text-white/60', className)} data-testid="data-use" data-quality={quality}>
      {t('dataUse', { amount: formatDataUse(bytes, INTL_LOCALE[locale]), quality: t(`quality.${quality}`) })}
    </p>
  );
}
