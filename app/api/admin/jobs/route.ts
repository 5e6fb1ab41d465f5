import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { jobsHealth } from '@/lib/server/studio/payments';
import { jobsHealthSchema } from '@/lib/contracts/studio-payments';

export const dynamic = 'force-dynamic';

// GET api/admin/jobs?limit – the job queue's health: counts by state and by type, overdue queued jobs, the newest dead jobs with their last error.
export const GET = route({ role: 'admin', auth: 'required', query: jobsHealthSchema }, async ({ query }) => ok('Jobs', { data: await jobsHealth(await getDb(), query) }));
