import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { insightsRange, revenueInsights } from '@/lib/server/studio/insights';
import { csvFilename, csvResponse, revenueCsv } from '@/lib/server/studio/insights-csv';
import { insightsQuerySchema } from '@/lib/contracts/studio-insights';

export const dynamic = 'force-dynamic';

// GET api/admin/insights/revenue?from&to[&format=csv] – per Manila day: paid VIP, coin and premium-video revenue in
// centavos, payments, unlocks and coins spent. Admins only: revenue is the business's, not the content team's.
export const GET = route({ role: 'admin', auth: 'required', query: insightsQuerySchema }, async ({ query }) => {
  const data = await revenueInsights(await getDb(), insightsRange(query));
  if (query.format === 'csv') return csvResponse(revenueCsv(data), csvFilename('revenue', data.range));
  return ok('Revenue insights', { data });
});
