import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { retryIngest } from '@/lib/server/studio/ingest';
import { episodeParamsSchema } from '@/lib/contracts/studio-media';

export const dynamic = 'force-dynamic';

// POST api/admin/episodes/{id}/media/retry – runs the episode's last failed ingest again; data as GET …/media.
export const POST = route({ role: 'editor', auth: 'required', params: episodeParamsSchema }, async ({ params, user }) =>
  ok('Video processing restarted', { data: await retryIngest(await getDb(), user, params.id) }),
);
