import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { actorOf } from '@/lib/server/studio/audit';
import { refundFromStudio } from '@/lib/server/studio/payments';
import { paymentIdParamsSchema, paymentNoteSchema } from '@/lib/contracts/studio-payments';

export const dynamic = 'force-dynamic';

// POST api/admin/payments/{id}/refund – {note}: refund a flagged payment through its gateway (the payments.refund job carries it out); audited. 409 unless flagged and open.
export const POST = route({ role: 'admin', auth: 'required', params: paymentIdParamsSchema, body: paymentNoteSchema, maxBody: 4096 }, async ({ params, body, user }) =>
  ok('Refund requested', { data: await refundFromStudio(await getDb(), actorOf(user), params.id, body.note) }),
);
