import { UNLOCK_LIMIT } from '@/lib/server/coins/limits';
import { unlockEpisode } from '@/lib/server/coins/unlock';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { unlockBodySchema, unlockQuerySchema } from '@/lib/contracts/coins';

export const dynamic = 'force-dynamic';

// PATCH api/client/shortVideo/deductCoinForVideoView?userId=&shortVideoId= (spec §7; body {auto?}) – unlocks one episode with coins, never charging twice: data {videoId, isLocked: false, charged, coins, outcome, message}; 402 E_INSUFFICIENT_COINS with data {balance, price, shortfall}; 404 unknown/unpublished; auto: 409 E_AUTO_UNLOCK_OFF, 429 E_AUTO_UNLOCK_CAP.
export const PATCH = route(
  { query: unlockQuerySchema, body: unlockBodySchema, auth: 'required', rateLimit: UNLOCK_LIMIT, maxBody: 1024 },
  async ({ query, body, user }) => {
    const data = await unlockEpisode(await getDb(), user, query.shortVideoId, { auto: body.auto });
    return ok(data.message, { data });
  },
);
