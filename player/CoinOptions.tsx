'use client';

import { AutoUnlockSettings } from '@/components/coins/AutoUnlockSettings';
import { SeriesPriceSummary } from '@/components/coins/SeriesPriceSummary';
import { UnlockWithCoins } from '@/components/coins/UnlockWithCoins';
import { BuyPremiumButton } from '@/components/premium/BuyPremiumButton';
import type { Playback } from '@/lib/server/playback/types';

/**
 * The ways to unlock (issue 11): coins for this episode, buying it as a premium video, the rest of the series, auto-unlock.
 * `compact` (the end card): only this episode's coins and purchase.
 */
export function CoinOptions({ playback, onUnlocked, compact = false }: { playback: Pick<Playback, 'episode' | 'title'>; onUnlocked: () => void; compact?: boolean }) {
  const { episode, title } = playback;
  return (
    <>
      {episode.coinPrice > 0 ? (
        <UnlockWithCoins videoId={episode._id} movieSeriesId={title._id} episodeNumber={episode.episodeNumber} price={episode.coinPrice} onUnlocked={onUnlocked} />
      ) : null}
      {episode.premiumPriceCentavos !== null && episode.premiumPriceCentavos > 0 ? (
        <BuyPremiumButton videoId={episode._id} priceCentavos={episode.premiumPriceCentavos} />
      ) : null}
      {episode.coinPrice > 0 && !compact ? (
        <>
          <SeriesPriceSummary movieSeriesId={title._id} variant="panel" onUnlockedAll={onUnlocked} />
          <AutoUnlockSettings compact />
        </>
      ) : null}
    </>
  );
}

