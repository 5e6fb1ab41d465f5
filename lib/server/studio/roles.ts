import 'server-only';
import { eq, or, type SQL } from 'drizzle-orm';
import { firebaseAccountByEmail, type FirebaseAccount } from '@/lib/server/auth/firebase';
import type { Db } from '@/lib/server/db/client';
import { users, type UserRole } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { upsertUser } from '@/lib/server/users';
import { writeAudit, type AuditActor } from './audit';

type RoleChange = { id: string; email: string | null; before: UserRole };

/**
 * Gives the role to the account that owns this e-mail address, with an audit entry when the role changes. The owner is
 * the Firebase account whose e-mail is verified: anyone can sign up with an address they do not hold, so an unverified
 * one (or a users row that merely carries the address) never receives a role; the refusal says why. The account must
 * have signed in once (that creates its row). `lookup` is Firebase (tests may pass another).
 */
export async function setRoleByEmail(
  db: Db,
  actor: AuditActor,
  email: string,
  role: UserRole,
  lookup: (email: string) => Promise<FirebaseAccount | null> = firebaseAccountByEmail,
): Promise<RoleChange[]> {
  const address = email.trim();
  const account = await lookup(address);
  if (!account) throw new AppError('E_NOT_FOUND', `No account has the e-mail ${address}.`);
  if (!account.emailVerified) {
    throw new AppError(
      'E_CONFLICT',
      `The e-mail ${address} is not verified, so nothing proves its owner made that account: a role goes only to a verified e-mail. ` +
        'Ask them to verify it (or sign in with Google), or grant the role by the account\'s uid.',
    );
  }
  return setRole(db, actor, eq(users.firebaseUid, account.uid), `with the e-mail ${address}`, role);
}

/** Gives the role to one account named by its id (users.id) or its Firebase uid: the operator names the account itself. */
export async function setRoleByUid(db: Db, actor: AuditActor, uid: string, role: UserRole): Promise<RoleChange[]> {
  const id = uid.trim();
  return setRole(db, actor, or(eq(users.id, id), eq(users.firebaseUid, id))!, `with the uid ${id}`, role);
}

async function setRole(db: Db, actor: AuditActor, which: SQL, what: string, role: UserRole): Promise<RoleChange[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: users.id, email: users.email, role: users.role }).from(users).where(which).for('update');
    if (rows.length === 0) throw new AppError('E_NOT_FOUND', `The account ${what} has not signed in yet.`);
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
