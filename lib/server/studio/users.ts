import 'server-only';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Pagination } from '@/lib/contracts/receipts';
import type { StudioUserRow } from '@/lib/contracts/studio-admin';
import { isId } from '@/lib/ids';
import type { Db } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { isVipActive } from '@/lib/server/entitlement/can-watch';
import { AppError } from '@/lib/server/http/app-error';
import { blockUser } from '@/lib/server/users';
import { ADMIN_ONLY_ROLE_MESSAGE, type UserListQuery, type UserUpdateBody } from '@/lib/contracts/studio-admin';
import { writeAudit, type AuditActor } from './audit';
import { containsPattern } from '@/lib/server/db/like';

/**
 * Users in the studio (issue 13 item 2, admins only): find them, block or unblock them, move them between viewer and
 * editor. The admin role is granted and removed only by `npm run user:role` on the server, so an admin's account is
 * not changed here, and no admin can lock themselves out.
 */

type UserRow = typeof users.$inferSelect;

function toRow(u: UserRow, now = new Date()): StudioUserRow {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    isBlocked: u.isBlocked,
    isAnonymous: u.isAnonymous,
    isVip: isVipActive({ id: u.id, vipExpiresAt: u.vipExpiresAt, vipLifetime: u.vipLifetime }, now),
    vipExpiresAt: u.vipExpiresAt?.toISOString() ?? null,
    vipLifetime: u.vipLifetime,
    coins: u.coins,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}

/** By id (exact), e-mail or name (part of either, any case); newest accounts first. */
export async function listUsers(db: Db, q: UserListQuery): Promise<{ data: StudioUserRow[]; pagination: Pagination }> {
  const conditions: (SQL | undefined)[] = [];
  if (q.q) {
    const like = containsPattern(q.q);
    conditions.push(or(isId(q.q.toLowerCase()) ? eq(users.id, q.q.toLowerCase()) : undefined, ilike(users.email, like), ilike(users.name, like)));
  }
  if (q.role) conditions.push(eq(users.role, q.role));
  if (q.blocked) conditions.push(eq(users.isBlocked, q.blocked === 'true'));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const now = new Date();
  return { data: rows.map((u) => toRow(u, now)), pagination: { currentPage: q.page, pageSize: q.limit, totalItems: total, totalPages: Math.ceil(total / q.limit) } };
}

/**
 * One change to one account, with its audit entry, in one transaction: block (which also ends every token the user
 * holds: the next call with one is refused), unblock, or a role between viewer and editor.
 */
export async function updateUser(db: Db, actor: { id: string; email: string | null }, id: string, body: UserUpdateBody): Promise<StudioUserRow> {
  const auditActor: AuditActor = actor;
  const after = await db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target) throw new AppError('E_NOT_FOUND', 'User not found.');
    if (target.id === actor.id) {
      throw new AppError('E_CONFLICT', body.isBlocked !== undefined ? 'You cannot block or unblock your own account.' : 'You cannot change your own role.');
    }
    if (target.role === 'admin') throw new AppError('E_CONFLICT', `This account is an admin. ${ADMIN_ONLY_ROLE_MESSAGE} Remove the role there first.`);

    if (body.role !== undefined) {
      const [row] = await tx.update(users).set({ role: body.role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      await writeAudit(tx, auditActor, { action: 'user.role', entity: 'user', entityId: id, before: { role: target.role }, after: { role: row.role } });
      return row;
    }
    if (body.isBlocked) await blockUser(tx, id);
    else await tx.update(users).set({ isBlocked: false, updatedAt: new Date() }).where(eq(users.id, id));
    const [row] = await tx.select().from(users).where(eq(users.id, id));
    await writeAudit(tx, auditActor, {
      action: body.isBlocked ? 'user.block' : 'user.unblock',
      entity: 'user',
      entityId: id,
      before: { isBlocked: target.isBlocked, tokenVersion: target.tokenVersion },
      after: { isBlocked: row.isBlocked, tokenVersion: row.tokenVersion },
    });
    return row;
  });
  return toRow(after);
}

