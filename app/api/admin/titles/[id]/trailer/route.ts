import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { createTrailer } from '@/lib/server/studio/episodes';
import { idParamsSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// POST api/admin/titles/{id}/trailer – adds the trailer (episode 0, media 'pending'); edited and deleted as an episode.
export const POST = route({ role: 'editor', auth: 'required', params: idParamsSchema }, async ({ params, user }) =>
  ok('Trailer added', { data: await createTrailer(await getDb(), user, params.id) }),
);
