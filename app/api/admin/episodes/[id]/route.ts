import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { deleteEpisode, updateEpisode } from '@/lib/server/studio/episodes';
import { episodeUpdateSchema, idParamsSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// PATCH api/admin/episodes/{id} {episodeNumber?, title?, description?, seasonId?, isPremium?, coinPrice?} – data = the episode.
export const PATCH = route({ role: 'editor', auth: 'required', params: idParamsSchema, body: episodeUpdateSchema }, async ({ params, body, user }) =>
  ok('Episode saved', { data: await updateEpisode(await getDb(), user, params.id, body) }),
);

// DELETE api/admin/episodes/{id} – also the trailer; 409 once viewers paid for it.
export const DELETE = route({ role: 'editor', auth: 'required', params: idParamsSchema }, async ({ params, user }) => {
  await deleteEpisode(await getDb(), user, params.id);
  return ok('Episode deleted', { data: { id: params.id } });
});
