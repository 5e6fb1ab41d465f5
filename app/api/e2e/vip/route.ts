import { eq } from 'drizzle-orm';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { route } from '@/lib/server/http/handler';
import { log } from '@/lib/server/log';

export const dynamic = 'force-dynamic';

// `id`, not `userId`: the route wrapper reads a `userId` as "acting for this user" and wants that user's token.
const bodySchema = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/), days: z.number().int().min(-365).max(365) });

/**
 * TEST ONLY, and only when E2E_TEST_HOOKS=1 (set by playwright.config.ts, never in production): gives a user VIP for
 * `days` (negative: expired), so an e2e test can show a locked episode playing once its viewer gains access. VIP purchase
 * through the payment flow replaces this in the subscription issue's tests.
 */
export const POST = route({ body: z.unknown(), maxBody: 1024 }, async ({ body: raw }) => {
  // Disabled: indistinguishable from a route that does not exist.
  if (!serverEnv().E2E_TEST_HOOKS) throw new AppError('E_NOT_FOUND', 'Not found.');
  const parsed = bodySchema.safeParse(raw);
  if (!parsed.success) throw new AppError('E_VALIDATION', 'Invalid body.');
  const body = parsed.data;
  log.warn('e2e hook: VIP changed', { userId: body.id, days: body.days });
  const expires = new Date(Date.now() + body.days * 86_400_000);
  const rows = await (await getDb()).update(users).set({ vipExpiresAt: expires }).where(eq(users.id, body.id)).returning({ id: users.id });
  if (rows.length === 0) throw new AppError('E_USER_NOT_FOUND', 'User not found.');
  return NextResponse.json({ status: true, message: 'VIP set', data: { userId: body.id, vipExpiresAt: expires.toISOString() } });
});
