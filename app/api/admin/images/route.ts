import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { imageFromRequest, storeImage } from '@/lib/server/studio/images';
import { imageQuerySchema } from '@/lib/contracts/studio-titles';

export const dynamic = 'force-dynamic';

// POST api/admin/images?kind=poster|banner – body: the image (JPEG, PNG or WebP, ≤ 10 MB; raw or multipart). Resized
// into the pages' sizes: data {path (to store in the title), url, variants}.
export const POST = route({ role: 'editor', auth: 'required', query: imageQuerySchema }, async ({ req, query }) =>
  ok('Image uploaded', { data: await storeImage(query.kind, await imageFromRequest(req)) }),
);
