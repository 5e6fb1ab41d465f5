import 'server-only';
import { sql } from 'drizzle-orm';
import { premiumVideoPrices, videos } from '@/lib/server/db/schema';

/**
 * The one sale rule (issue 20 item 5): besides VIP, an item is sold in exactly one currency of access. A video with an
 * active premium price (premium_video_prices) is sold only as one purchase in pesos and never for coins, whatever its
 * `coin_price` says (the studio keeps one on every premium episode); every other premium episode is sold for coins.
 * Unlocks and purchases made before keep their access: the entitlement rule (can-watch.ts) still counts them.
 */

/** SQL: the video (`videos` row in scope) has no active premium price, so it may be sold for coins. */
export const notPremiumPriced = sql`not exists (select 1 from ${premiumVideoPrices} where ${premiumVideoPrices.videoId} = ${videos.id} and ${premiumVideoPrices.isActive})`;

/** The coins that unlock a video as answered to clients: 0 when it is sold as a premium video instead. */
export const coinPriceOf = (coinPrice: number, premiumPriceCentavos: number | null | undefined): number =>
  premiumPriceCentavos != null && premiumPriceCentavos > 0 ? 0 : coinPrice;

/** SQL for a `videos` row's coin price under the rule: its `coin_price`, or 0 when it has an active premium price. */
export const coinPriceColumn = sql<number>`case when ${notPremiumPriced} then ${videos.coinPrice} else 0 end`.mapWith(Number);
