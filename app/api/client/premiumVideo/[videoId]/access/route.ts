import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { PREMIUM_READ_LIMIT } from '@/lib/server/premium/limits';
import { premiumAccess } from '@/lib/server/premium/service';
import { videoParamsSchema } from '@/lib/contracts/premium';

export const dynamic = 'force-dynamic';

// GET api/client/premiumVideo/{videoId}/access (spec §7) – whether the token's user may watch the video: hasAccess, accessDetails {via, purchasedAt, paymentId} or null (top level and under data).
export const GET = route({ params: videoParamsSchema, auth: 'required', rateLimit: PREMIUM_READ_LIMIT }, async ({ params, user }) => {
  const access = await premiumAccess(await getDb(), user, params.videoId);
  return ok('Access', { ...access, data: access });
});
