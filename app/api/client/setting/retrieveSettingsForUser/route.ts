import { NextResponse } from 'next/server';
import { getPublicSettings } from '@/lib/server/content';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';

export const dynamic = 'force-dynamic';

export const GET = route({ auth: 'optional' }, async () =>
  NextResponse.json({ status: true, message: 'Settings fetched', setting: await getPublicSettings(await getDb()) }),
);
