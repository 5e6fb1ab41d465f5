import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@/lib/server/db/schema';
import { ensureDemoAdmin, setRoleByEmail, DEMO_ADMIN } from '@/lib/server/studio/roles';
import { GET as studioMe } from '@/app/api/admin/me/route';
import { openAppDb } from '../fixtures/app-db';
import { call } from '../fixtures/http';
import { makeUser } from '../fixtures/users';

/** Roles are granted only on the server: by `npm run user:role` (setRoleByEmail) and the demo start (ensureDemoAdmin). */

const appDb = openAppDb({ seed: false });
afterAll(() => appDb.close());

const auditOf = async (userId: string) => (await appDb.db()).select().from(auditLog).where(eq(auditLog.entityId, userId));

describe('studio roles', () => {
  it('a new account is a viewer, and the studio refuses it', async () => {
    const db = await appDb.db();
    const viewer = await makeUser(db);
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, viewer.id));
    expect(row.role).toBe('viewer');
    expect((await call(studioMe, '/api/admin/me', { token: viewer.token })).status).toBe(403);
  });

  it('setRoleByEmail grants the role case-insensitively, with one audit entry, and the studio then answers', async () => {
    const db = await appDb.db();
    const u = await makeUser(db);
    const email = `${u.id}@example.ph`.toUpperCase();
    const changed = await setRoleByEmail(db, null, email, 'editor');
    expect(changed).toEqual([{ id: u.id, email: `${u.id}@example.ph`, before: 'viewer' }]);
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

  it('npm run user:role changes the role in the database it is given, and refuses a bad role', async () => {
    const db = await appDb.db();
    const u = await makeUser(db);
    const env = { ...process.env, DATABASE_URL: await appDb.url() };
    const run = (...args: string[]) => spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/user-role.ts', ...args], { env, encoding: 'utf8', timeout: 60_000 });
    const bad = run(`${u.id}@example.ph`, 'owner');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/usage: npm run user:role/);
    const good = run('--', `${u.id}@example.ph`, 'admin');
    expect(good.stderr).toBe('');
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('viewer → admin');
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, u.id));
    expect(row.role).toBe('admin');
  }, 90_000);
});
