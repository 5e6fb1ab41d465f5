import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { actorOf } from '@/lib/server/studio/audit';
import { createPremiumPrice, listPremiumPrices } from '@/lib/server/studio/plans';
import { premiumPriceCreateSchema, premiumPriceListSchema } from '@/lib/contracts/studio-admin';

export const dynamic = 'force-dynamic';

// GET api/admin/premium-prices?q&page&limit – premium-video prices by title and episode (q: part of the title), with payment counts.
export const GET = route({ role: 'admin', auth: 'required', query: premiumPriceListSchema }, async ({ query }) => {
  const { data, pagination } = await listPremiumPrices(await getDb(), query);
  return ok('Premium video prices', { data, pagination });
});

// POST api/admin/premium-prices – {videoId, priceCentavos, isActive}: puts a premium video on sale (one price per video).
export const POST = route({ role: 'admin', auth: 'required', body: premiumPriceCreateSchema, maxBody: 4096 }, async ({ body, user }) =>
  ok('Premium video price created', { data: await createPremiumPrice(await getDb(), actorOf(user), body) }),
);
