/**
 * npm run user:role -- <email> <viewer|editor|admin>
 *
 * The only way to grant a studio role: run on the server against DATABASE_URL (or the embedded database of `npm
 * start` in .data). The account must have signed in once. Writes an audit entry with no actor (the command).
 */
import { USER_ROLES } from '../lib/server/db/schema';
import { createDb } from '../lib/server/db/client';
import { isUserRole } from '../lib/server/auth/roles';
import { setRoleByEmail } from '../lib/server/studio/roles';
import { withDatabaseUrl } from './lib/embedded-postgres';

async function main() {
  const [email, role] = process.argv.slice(2).filter((a) => a !== '--');
  if (!email || !isUserRole(role)) {
    console.error(`usage: npm run user:role -- <email> <${USER_ROLES.join('|')}>`);
    process.exit(2);
  }
  await withDatabaseUrl(async (url) => {
    const { db, close } = await createDb({ url });
    try {
      const changed = await setRoleByEmail(db, null, email, role);
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
