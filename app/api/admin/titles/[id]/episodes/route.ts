import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { createEpisode } from '@/lib/server/studio/episodes';
import { episodeSchema, idParamsSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// POST api/admin/titles/{id}/episodes {episodeNumber, title, description, seasonId, isPremium, coinPrice} – a new episode, media 'pending'.
export const POST = route({ role: 'editor', auth: 'required', params: idParamsSchema, body: episodeSchema }, async ({ params, body, user }) =>
  ok('Episode added', { data: await createEpisode(await getDb(), user, params.id, body) }),
);
