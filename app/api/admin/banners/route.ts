import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { createBanner, listStudioBanners } from '@/lib/server/studio/banners';
import { bannerCreateSchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// GET api/admin/banners – every banner in order (active or not): data = banners.
export const GET = route({ role: 'editor', auth: 'required' }, async () => ok('Banners', { data: await listStudioBanners(await getDb()) }));

// POST api/admin/banners {movieSeriesId, image?} – adds an active banner last: data = banners.
export const POST = route({ role: 'editor', auth: 'required', body: bannerCreateSchema }, async ({ body, user }) =>
  ok('Banner added', { data: await createBanner(await getDb(), user, body) }),
);
