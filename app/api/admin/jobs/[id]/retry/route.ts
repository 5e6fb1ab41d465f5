import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { actorOf } from '@/lib/server/studio/audit';
import { jobsHealth, retryDeadJob } from '@/lib/server/studio/payments';
import { jobIdParamsSchema } from '@/lib/contracts/studio-payments';

export const dynamic = 'force-dynamic';

// POST api/admin/jobs/{id}/retry – a dead job back to queued (attempts reset, due now); audited as job.retry. Answers the queue's health. 404 unknown, 409 not dead.
export const POST = route({ role: 'admin', auth: 'required', params: jobIdParamsSchema, maxBody: 1024 }, async ({ params, user }) => {
  const db = await getDb();
  await retryDeadJob(db, params.id, actorOf(user));
  return ok('Job queued again', { data: await jobsHealth(db) });
});
