import 'server-only';
import { USER_ROLES, type UserRole } from '@/lib/server/db/schema';

/** Each role includes the ones before it: viewer < editor (content) < admin (content, prices, plans, roles, users). */
const RANK: Record<UserRole, number> = { viewer: 0, editor: 1, admin: 2 };

export const isUserRole = (value: unknown): value is UserRole => typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value);

/** Whether `user` holds at least `role`; a guest (null) holds none. */
export function hasRole(user: { role: UserRole } | null | undefined, role: UserRole): boolean {
  return !!user && RANK[user.role] >= RANK[role];
}
