import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { insightsRange, titlesInsights } from '@/lib/server/studio/insights';
import { csvFilename, csvResponse, titlesCsv } from '@/lib/server/studio/insights-csv';
import { insightsQuerySchema } from '@/lib/contracts/studio-insights';

export const dynamic = 'force-dynamic';

// GET api/admin/insights/titles?from&to[&format=csv] – every title's viewers, watch time, completion, unlocks and coins
// spent over the range (default the last 30 Manila days), plus totals. Editors and admins.
export const GET = route({ role: 'editor', auth: 'required', query: insightsQuerySchema }, async ({ query }) => {
  const data = await titlesInsights(await getDb(), insightsRange(query));
  if (query.format === 'csv') return csvResponse(titlesCsv(data), csvFilename('titles', data.range));
  return ok('Title insights', { data });
});
