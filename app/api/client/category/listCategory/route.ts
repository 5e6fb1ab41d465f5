import { listGenres } from '@/lib/server/cache';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const dynamic = 'force-dynamic';

export const GET = route({}, async () => ok('Categories fetched', { data: await listGenres() }, { personal: false }));
