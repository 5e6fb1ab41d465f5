import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { episodeMedia, startIngest } from '@/lib/server/studio/ingest';
import { episodeParamsSchema, startIngestSchema } from '@/lib/contracts/studio-media';

export const dynamic = 'force-dynamic';

// GET api/admin/episodes/{id}/media – data {mediaStatus, durationSeconds, hasSubtitles, ingest: {state, stage, percent, error, updatedAt} | null}.
export const GET = route({ role: 'editor', auth: 'required', params: episodeParamsSchema }, async ({ params }) =>
  ok('Episode media', { data: await episodeMedia(await getDb(), params.id) }),
);

// POST api/admin/episodes/{id}/media {uploadId, subtitlesUploadId?} – packages a finished upload in the background; data as GET.
export const POST = route({ role: 'editor', auth: 'required', params: episodeParamsSchema, body: startIngestSchema }, async ({ params, body, user }) =>
  ok('Video processing started', { data: await startIngest(await getDb(), user, params.id, body) }),
);
