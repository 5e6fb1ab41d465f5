import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { deleteTitle, getStudioTitle, updateTitle } from '@/lib/server/studio/titles';
import { idParamsSchema, titleSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// GET api/admin/titles/{id} – the title with genres, tags, artists, seasons, episodes (media and publish state) and trailer.
export const GET = route({ role: 'editor', auth: 'required', params: idParamsSchema }, async ({ params }) =>
  ok('Title', { data: await getStudioTitle(await getDb(), params.id) }),
);

// PUT api/admin/titles/{id} – saves the title form (every field): data = the title.
export const PUT = route({ role: 'editor', auth: 'required', params: idParamsSchema, body: titleSchema }, async ({ params, body, user }) =>
  ok('Title saved', { data: await updateTitle(await getDb(), user, params.id, body) }),
);

// DELETE api/admin/titles/{id} – deletes the title and its episodes; 409 once viewers paid for one of them.
export const DELETE = route({ role: 'editor', auth: 'required', params: idParamsSchema }, async ({ params, user }) => {
  await deleteTitle(await getDb(), user, params.id);
  return ok('Title deleted', { data: { id: params.id } });
});
