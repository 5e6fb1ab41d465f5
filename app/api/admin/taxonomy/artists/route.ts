import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { createArtist } from '@/lib/server/studio/taxonomy';
import { artistCreateSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// POST api/admin/taxonomy/artists {name} – adds an artist: data {id, name}; 409 when one of that name exists.
export const POST = route({ role: 'editor', auth: 'required', body: artistCreateSchema }, async ({ body, user }) =>
  ok('Artist added', { data: await createArtist(await getDb(), user, body.name) }),
);
