import { route } from '@/lib/server/http/handler';
import { handleTusRequest } from '@/lib/server/studio/uploads';

export const dynamic = 'force-dynamic';
// Uploads stream through Node (tus's file or S3 store); never the edge runtime.
export const runtime = 'nodejs';

/**
 * api/admin/uploads[/{uploadId}] – resumable video uploads, the tus 1.0 protocol (creation, core, termination):
 * POST creates an upload (Upload-Length ≤ UPLOAD_MAX_BYTES, Upload-Metadata episodeId + filename + filetype), HEAD
 * answers its offset, PATCH appends a chunk, DELETE drops an unfinished one. Editors only. No `body` schema: the
 * wrapper leaves the stream to tus, so chunks are not held to the JSON size limit.
 */
const tus = route({ role: 'editor', auth: 'required' }, ({ req }) => handleTusRequest(req));

export const POST = tus;
export const HEAD = tus;
export const PATCH = tus;
export const DELETE = tus;
