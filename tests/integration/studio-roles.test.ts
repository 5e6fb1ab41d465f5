import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@/lib/server/db/schema';
import { newId } from '@/lib/ids';
import { signAccessToken } from '@/lib/server/auth/access-token';
import type { Db } from '@/lib/server/db/client';
import { ensureDemoAdmin, setRoleByEmail, setRoleByUid, DEMO_ADMIN } from '@/lib/server/studio/roles';
import { GET as studioMe } from '@/app/api/admin/me/route';
import { openAppDb } from '../fixtures/app-db';
import { call } from '../fixtures/http';
import { signInWithGoogle, signUpWithEmail } from '../fixtures/firebase-emulator';
import { makeUser } from '../fixtures/users';

/** Roles are granted only on the server: by `npm run user:role` (setRoleByEmail) and the demo start (ensureDemoAdmin). */

const appDb = openAppDb({ seed: false });
afterAll(() => appDb.close());

const auditOf = async (userId: string) => (await appDb.db()).select().from(auditLog).where(eq(auditLog.entityId, userId));

/** The users row a first sign-in of this Firebase account creates, and its product token. */
async function signedIn(db: Db, firebaseUid: string, email: string): Promise<{ id: string; token: string }> {
  const id = newId();
  await db.insert(users).values({ id, firebaseUid, loginType: 5, name: 'Staff', email });
  return { id, token: await signAccessToken(id, firebaseUid) };
}
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
/** An account whose e-mail Firebase holds as verified (Google's word), signed in once. */
async function verifiedAccount(db: Db) {
  const email = `staff-${unique()}@example.ph`;
  const g = await signInWithGoogle(email);
  return { ...(await signedIn(db, g.localId, email)), email, uid: g.localId };
}

describe('studio roles', () => {
  it('a new account is a viewer, and the studio refuses it', async () => {
    const db = await appDb.db();
    const viewer = await makeUser(db);
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, viewer.id));
    expect(row.role).toBe('viewer');
    expect((await call(studioMe, '/api/admin/me', { token: viewer.token })).status).toBe(403);
  });

  it('setRoleByEmail grants the role to the verified owner of the e-mail, case-insensitively, with one audit entry, and the studio then answers', async () => {
    const db = await appDb.db();
    const u = await verifiedAccount(db);
    const email = u.email.toUpperCase();
    const changed = await setRoleByEmail(db, null, email, 'editor');
    expect(changed).toEqual([{ id: u.id, email: u.email, before: 'viewer' }]);
    const me = await call(studioMe, '/api/admin/me', { token: u.token });
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ id: u.id, role: 'editor' });
    const entries = await auditOf(u.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'user.role', actorId: null, before: { role: 'viewer' }, after: { role: 'editor' } });
    // The same role again changes nothing and writes nothing.
    await setRoleByEmail(db, null, email, 'editor');
    expect(await auditOf(u.id)).toHaveLength(1);
  });

  it('an e-mail that never signed in is a clear 404, and nothing is written', async () => {
    const db = await appDb.db();
    await expect(setRoleByEmail(db, null, 'nobody-here@example.ph', 'admin')).rejects.toMatchObject({ code: 'E_NOT_FOUND' });
    // A Firebase account that never signed in here has no users row yet.
    const g = await signInWithGoogle(`never-here-${unique()}@example.ph`);
    await expect(setRoleByEmail(db, null, g.email!, 'admin')).rejects.toMatchObject({ code: 'E_NOT_FOUND', message: expect.stringMatching(/has not signed in yet/) });
  });

  it('refuses an e-mail that is not verified (issue 20 item 7): anyone can sign up with an address they do not hold', async () => {
    const db = await appDb.db();
    const email = `new-staff-${unique()}@example.ph`;
    const squatter = await signUpWithEmail(email);
    const row = await signedIn(db, squatter.localId, email);
    await expect(setRoleByEmail(db, null, email, 'editor')).rejects.toMatchObject({ code: 'E_CONFLICT', status: 409, message: expect.stringMatching(/not verified/) });
    const [after] = await db.select({ role: users.role }).from(users).where(eq(users.id, row.id));
    expect(after.role).toBe('viewer');
    expect(await auditOf(row.id)).toHaveLength(0);
    expect((await call(studioMe, '/api/admin/me', { token: row.token })).status).toBe(403);
  });

  it('a users row that only carries an address (not the verified owner in Firebase) gets nothing', async () => {
    const db = await appDb.db();
    const owner = await verifiedAccount(db);
    const other = await signedIn(db, `uid-elsewhere-${unique()}`, owner.email);
    await setRoleByEmail(db, null, owner.email, 'editor');
    const roles = Object.fromEntries((await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, owner.email))).map((r) => [r.id, r.role]));
    expect(roles).toEqual({ [owner.id]: 'editor', [other.id]: 'viewer' });
  });

  it('setRoleByUid names the account itself (its id or Firebase uid), verified or not', async () => {
    const db = await appDb.db();
    const email = `by-uid-${unique()}@example.ph`;
    const account = await signUpWithEmail(email);
    const row = await signedIn(db, account.localId, email);
    expect(await setRoleByUid(db, null, account.localId, 'editor')).toEqual([{ id: row.id, email, before: 'viewer' }]);
    expect(await setRoleByUid(db, null, row.id, 'viewer')).toEqual([{ id: row.id, email, before: 'editor' }]);
    await expect(setRoleByUid(db, null, 'no-such-uid', 'admin')).rejects.toMatchObject({ code: 'E_NOT_FOUND' });
  });

  it('ensureDemoAdmin creates the demo account as an admin once, however often the demo starts', async () => {
    const db = await appDb.db();
    await ensureDemoAdmin(db, 'demo-admin-uid');
    await ensureDemoAdmin(db, 'demo-admin-uid');
    const rows = await db.select().from(users).where(eq(users.firebaseUid, 'demo-admin-uid'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: DEMO_ADMIN.email, role: 'admin' });
    expect(await auditOf(rows[0].id)).toHaveLength(1);
  });

  it('npm run user:role changes the role in the database it is given, refuses a bad role, and says why an unverified e-mail is refused', async () => {
    const db = await appDb.db();
    const u = await verifiedAccount(db);
    const env = { ...process.env, DATABASE_URL: await appDb.url() };
    const run = (...args: string[]) => spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/user-role.ts', ...args], { env, encoding: 'utf8', timeout: 60_000 });
    const bad = run(u.email, 'owner');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/usage: npm run user:role/);
    const good = run('--', u.email, 'admin');
    expect(good.stderr).toBe('');
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('viewer → admin');
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, u.id));
    expect(row.role).toBe('admin');

    const email = `unverified-${unique()}@example.ph`;
    const squatter = await signedIn(db, (await signUpWithEmail(email)).localId, email);
    const refused = run('--', email, 'editor');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/is not verified/);
    expect((await db.select({ role: users.role }).from(users).where(eq(users.id, squatter.id)))[0].role).toBe('viewer');
    const byUid = run('--', squatter.id, 'editor');
    expect(byUid.stderr).toBe('');
    expect(byUid.stdout).toContain('viewer → editor');
  }, 90_000);
});
