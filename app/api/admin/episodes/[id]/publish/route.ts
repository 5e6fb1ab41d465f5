import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { publishEpisode } from '@/lib/server/studio/episodes';
import { idParamsSchema, publishSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// POST api/admin/episodes/{id}/publish {action: 'publish'|'unpublish'|'schedule', at?} – data = the episode.
export const POST = route({ role: 'editor', auth: 'required', params: idParamsSchema, body: publishSchema }, async ({ params, body, user }) =>
  ok(body.action === 'schedule' ? 'Episode scheduled' : body.action === 'publish' ? 'Episode published' : 'Episode unpublished', {
    data: await publishEpisode(await getDb(), user, params.id, body),
  }),
);
