import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const dynamic = 'force-dynamic';

// GET api/admin/me – the studio user: data {id, email, name, role}. 401 for guests, 403 for viewers.
export const GET = route({ auth: 'required', role: 'editor' }, ({ user }) =>
  ok('Studio user', { data: { id: user.id, email: user.email, name: user.name, role: user.role } }),
);
