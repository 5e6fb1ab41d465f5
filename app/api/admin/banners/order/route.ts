import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { reorderBanners } from '@/lib/server/studio/banners';
import { reorderSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// PUT api/admin/banners/order {ids} – every banner once, in the new order: data = banners.
export const PUT = route({ role: 'editor', auth: 'required', body: reorderSchema }, async ({ body, user }) =>
  ok('Banners reordered', { data: await reorderBanners(await getDb(), user, body.ids) }),
);
