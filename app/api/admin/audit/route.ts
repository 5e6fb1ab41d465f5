import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listAudit } from '@/lib/server/studio/audit-list';
import { auditListSchema } from '@/lib/contracts/studio-admin';

export const dynamic = 'force-dynamic';

// GET api/admin/audit?entity&entityId&actor&page&limit – studio changes, newest first: who, what, before, after, when; and the entities seen.
export const GET = route({ role: 'admin', auth: 'required', query: auditListSchema }, async ({ query }) => {
  const { data, pagination, entities } = await listAudit(await getDb(), query);
  return ok('Audit log', { data, pagination, entities });
});
