import { NextResponse } from 'next/server';
import { listContentPages } from '@/lib/server/content';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';

export const dynamic = 'force-dynamic';

export const GET = route({}, async () =>
  NextResponse.json({ status: true, message: 'Content pages fetched', data: await listContentPages(await getDb()) }),
);
