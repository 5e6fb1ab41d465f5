import { getDb } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/app-error';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { PREMIUM_READ_LIMIT } from '@/lib/server/premium/limits';
import { listPurchases } from '@/lib/server/premium/service';
import { purchasesQuerySchema, userParamsSchema } from '@/lib/contracts/premium';

export const dynamic = 'force-dynamic';

// GET api/client/premiumPayment/purchases/{userId}?page=&limit= (spec §7, §9: default page 1, limit 20) – the user's premium purchases: data, pagination. Another user's id → 403.
export const GET = route({ params: userParamsSchema, query: purchasesQuerySchema, auth: 'required', rateLimit: PREMIUM_READ_LIMIT }, async ({ params, query, user }) => {
  // The wrapper checks a userId in the query or body; this one is in the path.
  if (params.userId !== user.id) throw new AppError('E_UNAUTHORIZED', 'You are not allowed to act for this user.');
  const { data, pagination } = await listPurchases(await getDb(), user, query.page, query.limit);
  return ok('Premium purchases', { data, pagination });
});
