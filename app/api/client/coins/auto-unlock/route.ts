import { SETTINGS_LIMIT } from '@/lib/server/coins/limits';
import { autoUnlockSettings, saveAutoUnlock } from '@/lib/server/coins/unlock';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { autoUnlockSchema, pageSchema } from '@/lib/contracts/coins';

export const dynamic = 'force-dynamic';

const querySchema = pageSchema.pick({ userId: true });

// GET api/client/coins/auto-unlock – the token's user's auto-unlock settings: data {enabled, capKind, capValue, usedToday: {episodes, coins}} (Asia/Manila day).
export const GET = route({ query: querySchema, auth: 'required' }, async ({ user }) => {
  return ok('Auto-unlock settings', { data: await autoUnlockSettings(await getDb(), user) });
});

// PATCH api/client/coins/auto-unlock {enabled, capKind: 'episodes'|'coins', capValue} – saves them (caps bounded by AUTO_UNLOCK_CAP_MAX); data as GET.
export const PATCH = route({ body: autoUnlockSchema, auth: 'required', rateLimit: SETTINGS_LIMIT, maxBody: 1024 }, async ({ body, user }) => {
  return ok('Auto-unlock settings saved', { data: await saveAutoUnlock(await getDb(), user, body) });
});
