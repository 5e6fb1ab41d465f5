import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { createSeason } from '@/lib/server/studio/episodes';
import { idParamsSchema, seasonSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// POST api/admin/titles/{id}/seasons {seasonNumber, title?} – adds a season; 409 when the number is taken.
export const POST = route({ role: 'editor', auth: 'required', params: idParamsSchema, body: seasonSchema }, async ({ params, body, user }) =>
  ok('Season added', { data: await createSeason(await getDb(), user, params.id, body) }),
);
