import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { actorOf } from '@/lib/server/studio/audit';
import { resolveFromStudio } from '@/lib/server/studio/payments';
import { paymentIdParamsSchema, paymentNoteSchema } from '@/lib/contracts/studio-payments';

export const dynamic = 'force-dynamic';

// POST api/admin/payments/{id}/resolve – {note}: close a flagged payment's flag with a note (nothing moves); audited. 409 unless flagged and open.
export const POST = route({ role: 'admin', auth: 'required', params: paymentIdParamsSchema, body: paymentNoteSchema, maxBody: 4096 }, async ({ params, body, user }) =>
  ok('Flag resolved', { data: await resolveFromStudio(await getDb(), actorOf(user), params.id, body.note) }),
);
