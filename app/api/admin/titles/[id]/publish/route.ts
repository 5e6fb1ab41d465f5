import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { publishTitle } from '@/lib/server/studio/titles';
import { idParamsSchema, publishSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// POST api/admin/titles/{id}/publish {action: 'publish'|'unpublish'|'schedule', at?} – data = the title.
export const POST = route({ role: 'editor', auth: 'required', params: idParamsSchema, body: publishSchema }, async ({ params, body, user }) =>
  ok(body.action === 'schedule' ? 'Title scheduled' : body.action === 'publish' ? 'Title published' : 'Title unpublished', {
    data: await publishTitle(await getDb(), user, params.id, body),
  }),
);
