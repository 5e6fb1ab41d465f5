import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { reorderEpisodes } from '@/lib/server/studio/episodes';
import { idParamsSchema, reorderSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// PUT api/admin/titles/{id}/episodes/order {ids} – every episode once, in the new order: renumbered 1..n. data = the episodes.
export const PUT = route({ role: 'editor', auth: 'required', params: idParamsSchema, body: reorderSchema }, async ({ params, body, user }) =>
  ok('Episodes reordered', { data: await reorderEpisodes(await getDb(), user, params.id, body.ids) }),
);
