import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { PREMIUM_READ_LIMIT } from '@/lib/server/premium/limits';
import { premiumInfo } from '@/lib/server/premium/service';
import { videoParamsSchema } from '@/lib/contracts/premium';

export const dynamic = 'force-dynamic';

// GET api/client/premiumVideo/{videoId}/info (spec §7) – the video on sale and the viewer's access: premiumVideo, hasAccess, userAccess (top level and under data). Guests: hasAccess false. Not for sale → 404.
export const GET = route({ params: videoParamsSchema, auth: 'optional', rateLimit: PREMIUM_READ_LIMIT }, async ({ params, user }) => {
  const info = await premiumInfo(await getDb(), user, params.videoId);
  return ok('Premium video', { ...info, data: info });
});
