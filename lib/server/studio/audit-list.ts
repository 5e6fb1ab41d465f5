import 'server-only';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@/lib/contracts/studio-admin';
import type { Pagination } from '@/lib/contracts/receipts';
import { isId } from '@/lib/ids';
import type { Db } from '@/lib/server/db/client';
import { auditLog } from '@/lib/server/db/schema';
import type { AuditListQuery } from '@/lib/contracts/studio-admin';
import { containsPattern } from '@/lib/server/db/like';

/** The audit log for the studio (issue 13 item 2, admins only): newest first, a page at a time. */

const toEntry = (r: typeof auditLog.$inferSelect): AuditEntry => ({
  id: r.id,
  actorId: r.actorId,
  actorEmail: r.actorEmail,
  action: r.action,
  entity: r.entity,
  entityId: r.entityId,
  before: r.before ?? null,
  after: r.after ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Filters: the entity ('vip_plan', 'user', …), one row of it, and who acted (their user id, or part of their e-mail). */
export async function listAudit(db: Db, q: AuditListQuery): Promise<{ data: AuditEntry[]; pagination: Pagination; entities: string[] }> {
  const conditions: (SQL | undefined)[] = [];
  if (q.entity) conditions.push(eq(auditLog.entity, q.entity));
  if (q.entityId) conditions.push(eq(auditLog.entityId, q.entityId));
  if (q.actor) {
    const actor = q.actor.toLowerCase();
    conditions.push(isId(actor) ? or(eq(auditLog.actorId, actor), ilike(auditLog.actorEmail, containsPattern(actor))) : ilike(auditLog.actorEmail, containsPattern(actor)));
  }
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  // For the filter's choices; the (entity, entity_id, created_at) index serves it.
  const entities = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity));
  return {
    data: rows.map(toEntry),
    pagination: { currentPage: q.page, pageSize: q.limit, totalItems: total, totalPages: Math.ceil(total / q.limit) },
    entities: entities.map((e) => e.entity),
  };
}
