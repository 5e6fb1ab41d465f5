import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { deleteSeason, updateSeason } from '@/lib/server/studio/episodes';
import { idParamsSchema, seasonSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// PATCH api/admin/seasons/{id} {seasonNumber, title?}
export const PATCH = route({ role: 'editor', auth: 'required', params: idParamsSchema, body: seasonSchema }, async ({ params, body, user }) =>
  ok('Season saved', { data: await updateSeason(await getDb(), user, params.id, body) }),
);

// DELETE api/admin/seasons/{id} – its episodes stay, without a season.
export const DELETE = route({ role: 'editor', auth: 'required', params: idParamsSchema }, async ({ params, user }) => {
  await deleteSeason(await getDb(), user, params.id);
  return ok('Season deleted', { data: { id: params.id } });
});
