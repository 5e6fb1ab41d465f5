/**
 * The studio's demo account, as `npm start` and the cluster stage make it: an e-mail account in the Auth Emulator at
 * `emulatorOrigin` (created, or found when the emulator already has it) whose users row in `databaseUrl` is an admin.
 */
export async function createDemoAdmin(emulatorOrigin: string, databaseUrl: string): Promise<{ email: string; password: string }> {
  const { DEMO_ADMIN, ensureDemoAdmin } = await import('../../lib/server/studio/roles');
  const { openMigratedDb } = await import('../../lib/server/db/prepare');
  const base = `${emulatorOrigin}/identitytoolkit.googleapis.com/v1`;
  const call = async (endpoint: string) => {
    const res = await fetch(`${base}/${endpoint}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, displayName: DEMO_ADMIN.name, returnSecureToken: true }),
    });
    return { ok: res.ok, body: (await res.json()) as { localId?: string; error?: { message?: string } } };
  };
  let answer = await call('accounts:signUp');
  if (!answer.ok && answer.body.error?.message?.startsWith('EMAIL_EXISTS')) answer = await call('accounts:signInWithPassword');
  if (!answer.ok || !answer.body.localId) throw new Error(`the demo admin account could not be created: ${answer.body.error?.message ?? 'no uid'}`);
  const { db, close } = await openMigratedDb({ url: databaseUrl });
  try {
    await ensureDemoAdmin(db, answer.body.localId);
  } finally {
    await close();
  }
  return { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password };
}
