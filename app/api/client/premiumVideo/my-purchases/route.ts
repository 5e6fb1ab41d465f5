import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { PREMIUM_READ_LIMIT } from '@/lib/server/premium/limits';
import { listPurchases } from '@/lib/server/premium/service';
import { myPurchasesQuerySchema } from '@/lib/contracts/premium';

export const dynamic = 'force-dynamic';

// GET api/client/premiumVideo/my-purchases?page=&size= (spec §7, §9: default page 1, size 10) – the token's user's premium purchases, newest first: data, pagination {currentPage, pageSize, totalItems, totalPages}.
export const GET = route({ query: myPurchasesQuerySchema, auth: 'required', rateLimit: PREMIUM_READ_LIMIT }, async ({ query, user }) => {
  const { data, pagination } = await listPurchases(await getDb(), user, query.page, query.size);
  return ok('Premium purchases', { data, pagination });
});
