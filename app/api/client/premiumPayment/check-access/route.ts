import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { PREMIUM_READ_LIMIT } from '@/lib/server/premium/limits';
import { premiumAccess } from '@/lib/server/premium/service';
import { checkAccessQuerySchema } from '@/lib/contracts/premium';

export const dynamic = 'force-dynamic';

// GET api/client/premiumPayment/check-access?userId=&videoId= (spec §7) – as premiumVideo/{videoId}/access: hasAccess, accessDetails (top level and under data). Another user's id → 403.
export const GET = route({ query: checkAccessQuerySchema, auth: 'required', rateLimit: PREMIUM_READ_LIMIT }, async ({ query, user }) => {
  const access = await premiumAccess(await getDb(), user, query.videoId);
  return ok('Access', { ...access, data: access });
});
