import 'server-only';
import { newId } from '@/lib/ids';
import type { DbOrTx } from '@/lib/server/db/client';
import { auditLog } from '@/lib/server/db/schema';

/** Who made a studio change: the signed-in user, or null for the `user:role` command run on the server. */
export type AuditActor = { id: string; email: string | null } | null;

type Row = Record<string, unknown>;

/** Dates as ISO strings, everything else as is: what a jsonb column keeps of a row. */
function plain(row: Row | null | undefined): Row | null {
  if (!row) return null;
  return JSON.parse(JSON.stringify(row)) as Row;
}

/**
 * One audit entry: who, what (`action`, e.g. 'title.update'), which row (`entity`, `entityId`), the row before and
 * after (null for a create or a delete), when. Pass the transaction of the change itself, so the entry commits (or
 * vanishes) with it; an entry whose before and after are equal is still written (the call happened).
 */
export async function writeAudit(
  tx: DbOrTx,
  actor: AuditActor,
  entry: { action: string; entity: string; entityId: string | null; before?: Row | null; after?: Row | null },
): Promise<void> {
  await tx.insert(auditLog).values({
    id: newId(),
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: plain(entry.before),
    after: plain(entry.after),
  });
}

/** The actor of a studio route's user. */
export const actorOf = (user: { id: string; email: string | null }): AuditActor => ({ id: user.id, email: user.email });
