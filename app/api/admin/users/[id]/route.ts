import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { updateUser } from '@/lib/server/studio/users';
import { idParamsSchema, userUpdateSchema } from '@/lib/contracts/studio-admin';

export const dynamic = 'force-dynamic';

// PATCH api/admin/users/{id} – {isBlocked} (blocking ends the user's sessions) or {role: 'viewer' | 'editor'}; never the admin role, never oneself.
export const PATCH = route({ role: 'admin', auth: 'required', params: idParamsSchema, body: userUpdateSchema, maxBody: 1024 }, async ({ params, body, user }) =>
  ok('User updated', { data: await updateUser(await getDb(), { id: user.id, email: user.email }, params.id, body) }),
);
