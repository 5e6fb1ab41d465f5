import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { deleteBanner, updateBanner } from '@/lib/server/studio/banners';
import { bannerUpdateSchema, idParamsSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// PATCH api/admin/banners/{id} {isActive?, image?} – data = banners.
export const PATCH = route({ role: 'editor', auth: 'required', params: idParamsSchema, body: bannerUpdateSchema }, async ({ params, body, user }) =>
  ok('Banner saved', { data: await updateBanner(await getDb(), user, params.id, body) }),
);

// DELETE api/admin/banners/{id} – data = banners.
export const DELETE = route({ role: 'editor', auth: 'required', params: idParamsSchema }, async ({ params, user }) =>
  ok('Banner deleted', { data: await deleteBanner(await getDb(), user, params.id) }),
);
