import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { readRawBody, receiveWebhook } from '@/lib/server/payments/webhook';
import { WEBHOOK_LIMIT } from '@/lib/server/payments/limits';

export const dynamic = 'force-dynamic';

// POST /api/payments/webhook/{provider} – a gateway's signed event (docs/payments.md 'Webhooks'): 401 on a bad signature, 200 once stored (replays and duplicates too).
// No `key` header (gateways do not send it) and no JSON body schema: the signature is checked on the raw bytes,
// which this handler reads itself.
export const POST = route({ params: z.object({ provider: z.string().min(1).max(40) }), apiKey: false, rateLimit: WEBHOOK_LIMIT }, async ({ req, params }) => {
  const raw = await readRawBody(req);
  const { outcome, eventId } = await receiveWebhook(await getDb(), params.provider, raw, req.headers);
  return ok('Webhook received', { data: { eventId, outcome } });
});
