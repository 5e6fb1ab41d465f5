import { getDb } from '@/lib/server/db/client';
import { toggleLike } from '@/lib/server/engagement';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { videoQuery } from '@/lib/contracts/catalog';

export const dynamic = 'force-dynamic';

export const POST = route({ query: videoQuery, auth: 'required' }, async ({ query, user }) => {
  const data = await toggleLike(await getDb(), user.id, query.videoId);
  return ok(data.isLiked ? 'Video liked' : 'Like removed', { data });
});
