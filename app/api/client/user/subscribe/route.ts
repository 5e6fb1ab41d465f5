import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { applySubscribe } from '@/lib/server/subscription/service';
import { subscribeSchema } from '@/lib/contracts/payments';

export const dynamic = 'force-dynamic';

// PATCH api/client/user/subscribe (spec §7: body userId) – confirms the user's paid, not yet applied VIP payment: user and data {user, payment}; 409 without one (never grants on its own word).
export const PATCH = route({ body: subscribeSchema, auth: 'required', maxBody: 1024 }, async ({ body, user }) => {
  const answer = await applySubscribe(await getDb(), user, body.requestId);
  return ok('Successfully subscribed! You now have access to all videos.', { user: answer.user, data: answer });
});
