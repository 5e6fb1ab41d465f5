import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listTaxonomy } from '@/lib/server/studio/taxonomy';

export const dynamic = 'force-dynamic';

// GET api/admin/taxonomy – what a title picks from: data {genres, tags (the fixed list), artists}, each [{id, name}].
export const GET = route({ role: 'editor', auth: 'required' }, async () => ok('Taxonomy', { data: await listTaxonomy(await getDb()) }));
