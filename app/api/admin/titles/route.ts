import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { createTitle, listStudioTitles } from '@/lib/server/studio/titles';
import { titleListQuerySchema, titleSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// GET api/admin/titles?q&type&status&premium&page&limit – every title (any state), newest edits first: data {items, total, page, limit}.
export const GET = route({ role: 'editor', auth: 'required', query: titleListQuerySchema }, async ({ query }) =>
  ok('Titles', { data: await listStudioTitles(await getDb(), query) }),
);

// POST api/admin/titles – creates a draft title (slug from the name): data = the title.
export const POST = route({ role: 'editor', auth: 'required', body: titleSchema }, async ({ body, user }) =>
  ok('Title created', { data: await createTitle(await getDb(), user, body) }),
);
