'use client';

import { useLocale, useTranslations } from 'next-intl';
import { AutoUnlockSettings } from '@/components/coins/AutoUnlockSettings';
import { coinsToCentavos } from '@/lib/constants';
import { SeriesPriceSummary } from '@/components/coins/SeriesPriceSummary';
import { UnlockWithCoins } from '@/components/coins/UnlockWithCoins';
import { BuyPremiumButton } from '@/components/premium/BuyPremiumButton';
import { MOVIE_TYPE } from '@/lib/constants';
import { formatPesos } from '@/lib/format';
import type { Playback } from '@/lib/contracts/playback';

type Offered = Pick<Playback, 'episode' | 'title'>;

export type UnlockOffer = { kind: 'buy'; centavos: number; isMovie: boolean } | { kind: 'coins'; coins: number } | null;

/**
 * What else unlocks this item besides VIP, and for how much (issue 20 item 5: one currency of access an item): a
 * premium video is bought for pesos, any other paid episode is unlocked for coins. Null when neither (VIP only).
 */
export function unlockOffer({ episode, title }: Offered): UnlockOffer {
  const peso = episode.premiumPriceCentavos;
  if (peso !== null && peso > 0) return { kind: 'buy', centavos: peso, isMovie: title.type === MOVIE_TYPE.MOVIE };
  if (episode.coinPrice > 0) return { kind: 'coins', coins: episode.coinPrice };
  return null;
}

/** The offer's one line in the page's language: 'Or buy this episode for ₱49.00', 'Or unlock this episode for 15 coins (₱7.35)'. */
function useOfferText(offer: UnlockOffer): string {
  const t = useTranslations('episode.offer');
  const locale = useLocale();
  if (!offer) return '';
  if (offer.kind === 'buy') return t(offer.isMovie ? 'buyMovie' : 'buyEpisode', { price: formatPesos(offer.centavos, locale) });
  return t('unlockCoins', { coins: offer.coins, pesos: formatPesos(coinsToCentavos(offer.coins), locale) });
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
  const text = useOfferText(offer);
  if (!offer) return null;
  return (
    <>
      <p className="relative text-sm text-white/85" data-testid="unlock-offer">
        {text}
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
