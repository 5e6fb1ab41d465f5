import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { episodeMedia } from '@/lib/server/studio/ingest';
import { saveSubtitles } from '@/lib/server/studio/uploads';
import { episodeParamsSchema, MAX_SUBTITLES_CHARS, subtitlesUploadSchema } from '@/lib/contracts/studio-media';

export const dynamic = 'force-dynamic';

// POST api/admin/episodes/{id}/media/subtitles {vtt, lang} – stores a WebVTT file in that language for the next ingest; data {subtitlesUploadId}.
export const POST = route(
  // JSON escaping and UTF-8 can make the body several times the text (quotes, line ends, non-Latin scripts).
  { role: 'editor', auth: 'required', params: episodeParamsSchema, body: subtitlesUploadSchema, maxBody: 4 * MAX_SUBTITLES_CHARS + 1024 },
  async ({ params, body }) => {
    await episodeMedia(await getDb(), params.id); // 404 for an unknown episode
    return ok('Subtitles uploaded', { data: { subtitlesUploadId: await saveSubtitles(body.vtt, body.lang) } });
  },
);
