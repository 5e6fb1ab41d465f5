/**
 * npm run user:role -- <email|uid> <viewer|editor|admin>
 *
 * The only way to grant a studio role: run on the server against DATABASE_URL (or the embedded database of `npm
 * start` in .data). By e-mail, only to the Firebase account whose address is verified (asked of Firebase: in the demo
 * profile the Auth Emulator of `npm start`, FIREBASE_AUTH_EMULATOR_HOST, default 127.0.0.1:9099); or by the account's
 * uid (users.id or its Firebase uid). The account must have signed in once. Writes an audit entry with no actor.
 */
import { USER_ROLES } from '../lib/server/db/schema';
import { openMigratedDb } from '../lib/server/db/prepare';
import { isUserRole } from '../lib/server/auth/roles';
import { setRoleByEmail, setRoleByUid } from '../lib/server/studio/roles';
import { withDatabaseUrl } from './lib/embedded-postgres';

async function main() {
  const [who, role] = process.argv.slice(2).filter((a) => a !== '--');
  if (!who || !isUserRole(role)) {
    console.error(`usage: npm run user:role -- <email|uid> <${USER_ROLES.join('|')}>`);
    process.exit(2);
  }
  // The demo's accounts live in the Auth Emulator `npm start` runs (its default port).
  if (process.env.APP_ENV !== 'production') process.env.FIREBASE_AUTH_EMULATOR_HOST ||= '127.0.0.1:9099';
  await withDatabaseUrl(async (url) => {
    const { db, close } = await openMigratedDb({ url });
    try {
      const changed = who.includes('@') ? await setRoleByEmail(db, null, who, role) : await setRoleByUid(db, null, who, role);
      for (const u of changed) console.log(`${u.email ?? u.id}: ${u.before} → ${role}`);
    } finally {
      await close();
    }
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
