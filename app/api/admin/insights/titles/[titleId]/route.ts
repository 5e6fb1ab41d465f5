import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { insightsRange, titleEpisodesInsights } from '@/lib/server/studio/insights';
import { csvFilename, csvResponse, episodesCsv } from '@/lib/server/studio/insights-csv';
import { insightsQuerySchema, insightsTitleParamsSchema } from '@/lib/contracts/studio-insights';

export const dynamic = 'force-dynamic';

// GET api/admin/insights/titles/{titleId}?from&to[&format=csv] – one title's episodes: viewers, watch time,
// completion, unlocks, and the funnel (drop-off from each episode to the next). Editors and admins; 404 unknown title.
export const GET = route({ role: 'editor', auth: 'required', query: insightsQuerySchema, params: insightsTitleParamsSchema }, async ({ query, params }) => {
  const data = await titleEpisodesInsights(await getDb(), params.titleId, insightsRange(query));
  if (query.format === 'csv') return csvResponse(episodesCsv(data), csvFilename(`episodes-${data.title.id}`, data.range));
  return ok('Title episode insights', { data });
});
