import { getDb } from '@/lib/server/db/client';
import { rateVideo } from '@/lib/server/engagement';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { rateBody } from '@/lib/contracts/catalog';

export const dynamic = 'force-dynamic';

export const POST = route({ body: rateBody, auth: 'required', maxBody: 1024 }, async ({ body, user }) => {
  return ok('Thanks for rating!', { data: await rateVideo(await getDb(), user.id, body.videoId, body.rating) });
});
