import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { premiumCandidates } from '@/lib/server/studio/plans';
import { premiumCandidatesSchema } from '@/lib/contracts/studio-admin';

export const dynamic = 'force-dynamic';

// GET api/admin/premium-prices/candidates?q – up to 20 premium videos without a price (q: part of the title), to put one on sale.
export const GET = route({ role: 'admin', auth: 'required', query: premiumCandidatesSchema }, async ({ query }) =>
  ok('Premium videos without a price', { data: await premiumCandidates(await getDb(), query.q) }),
);
