'use client';

import { AutoUnlockSettings } from '@/components/coins/AutoUnlockSettings';
import { coinPesos, coinsLabel } from '@/components/coins/coin-format';
import { SeriesPriceSummary } from '@/components/coins/SeriesPriceSummary';
import { UnlockWithCoins } from '@/components/coins/UnlockWithCoins';
import { BuyPremiumButton } from '@/components/premium/BuyPremiumButton';
import { MOVIE_TYPE } from '@/lib/constants';
import { formatPesos } from '@/lib/format';
import type { Playback } from '@/lib/contracts/playback';

type Offered = Pick<Playback, 'episode' | 'title'>;

/**
 * What else unlocks this item besides VIP, and for how much (issue 20 item 5: one currency of access an item): a
 * premium video is bought for pesos, any other paid episode is unlocked for coins. Null when neither (VIP only).
 */
export function unlockOffer({ episode, title }: Offered): { kind: 'buy'; text: string } | { kind: 'coins'; text: string } | null {
  const peso = episode.premiumPriceCentavos;
  if (peso !== null && peso > 0) return { kind: 'buy', text: `Or buy this ${title.type === MOVIE_TYPE.MOVIE ? 'movie' : 'episode'} for ${formatPesos(peso)}` };
  if (episode.coinPrice > 0) return { kind: 'coins', text: `Or unlock this episode for ${coinsLabel(episode.coinPrice)} (${coinPesos(episode.coinPrice)})` };
  return null;
}

/**
 * The ways to unlock beneath the spec's heading and Subscribe Now: ONE line saying what else unlocks this item and for
 * how much, with its one button ('Buy for ₱X' or 'Unlock for N coins (₱X)'); for a coin episode, the series bundle when
 * the server offers one (two or more locked episodes, cheaper than one by one) and auto-unlock.
 * `compact` (the end card): only the line and its button.
 */
export function CoinOptions({ playback, onUnlocked, compact = false }: { playback: Offered; onUnlocked: () => void; compact?: boolean }) {
  const { episode, title } = playback;
  const offer = unlockOffer(playback);
  if (!offer) return null;
  return (
    <>
      <p className="relative text-sm text-white/85" data-testid="unlock-offer">
        {offer.text}
      </p>
      {offer.kind === 'buy' ? (
        <BuyPremiumButton videoId={episode._id} priceCentavos={episode.premiumPriceCentavos!} />
      ) : (
        <UnlockWithCoins videoId={episode._id} movieSeriesId={title._id} episodeNumber={episode.episodeNumber} price={episode.coinPrice} onUnlocked={onUnlocked} />
      )}
      {offer.kind === 'coins' && !compact ? (
        <>
          <SeriesPriceSummary movieSeriesId={title._id} variant="panel" onUnlockedAll={onUnlocked} />
          <AutoUnlockSettings compact />
        </>
      ) : null}
    </>
  );
}
