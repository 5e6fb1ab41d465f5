import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { actorOf } from '@/lib/server/studio/audit';
import { deleteRejectedUpload } from '@/lib/server/studio/uploads';
import { episodeUploadParamsSchema } from '@/lib/contracts/studio-media';

export const dynamic = 'force-dynamic';

// DELETE api/admin/episodes/{id}/media/uploads/{uploadId} – admins: deletes a finished upload of the episode that is not a video (audited); 409 for a video or an unfinished upload.
export const DELETE = route({ role: 'admin', auth: 'required', params: episodeUploadParamsSchema }, async ({ params, user }) => {
  await deleteRejectedUpload(await getDb(), actorOf(user), params.id, params.uploadId);
  return ok('Upload deleted', { data: { uploadId: params.uploadId } });
});
