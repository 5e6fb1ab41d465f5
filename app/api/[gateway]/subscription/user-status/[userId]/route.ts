import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/app-error';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { checkoutGateway } from '@/lib/server/payments/registry';
import { userStatus } from '@/lib/server/subscription/service';

export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ gateway: z.string().min(1).max(40), userId: z.string().min(1).max(64) });

// GET /api/{gateway}/subscription/user-status/{userId} (spec §7) – the token's user's VIP state: data {isVip, userSubscriptionStatus, vipExpiresAt, vipLifetime, subscription}.
export const GET = route({ params: paramsSchema, auth: 'required' }, async ({ params, user }) => {
  // The wrapper checks a userId in the query or body; this one is in the path.
  if (params.userId !== user.id) throw new AppError('E_UNAUTHORIZED', 'You are not allowed to act for this user.');
  checkoutGateway(params.gateway);
  return ok('Subscription status', { data: await userStatus(await getDb(), user) });
});
