import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { users, type UserRole } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { upsertUser } from '@/lib/server/users';
import { writeAudit, type AuditActor } from './audit';

/**
 * Gives every account with this e-mail (case-insensitive) the role, with one audit entry per changed account, in one
 * transaction. The account must have signed in once (that creates its row). Answers the accounts changed.
 */
export async function setRoleByEmail(db: Db, actor: AuditActor, email: string, role: UserRole): Promise<{ id: string; email: string | null; before: UserRole }[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(sql`lower(${users.email})`, email.trim().toLowerCase())).for('update');
    if (rows.length === 0) throw new AppError('E_NOT_FOUND', `No account with the e-mail ${email} has signed in yet.`);
    for (const row of rows) {
      if (row.role === role) continue;
      await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, row.id));
      await writeAudit(tx, actor, { action: 'user.role', entity: 'user', entityId: row.id, before: { role: row.role }, after: { role } });
    }
    return rows.map((r) => ({ id: r.id, email: r.email, before: r.role }));
  });
}

/** The demo's studio account (`npm start` creates it in the Auth Emulator and prints it). Never in production. */
export const DEMO_ADMIN = { email: 'admin@kilig.demo', password: 'kilig-studio-2026', name: 'Kilig Studio' } as const;

/**
 * Makes the demo admin's users row for its emulator uid an admin (creating the row as a first sign-in would), with
 * an audit entry when the role changes.
 */
export async function ensureDemoAdmin(db: Db, firebaseUid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await upsertUser(tx, { firebaseUid, loginType: 5, email: DEMO_ADMIN.email, name: DEMO_ADMIN.name, image: null });
    if (user.role === 'admin') return;
    await tx.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, user.id));
    await writeAudit(tx, null, { action: 'user.role', entity: 'user', entityId: user.id, before: { role: user.role }, after: { role: 'admin' } });
  });
}
