import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate` writes SQL migrations from lib/server/db/schema.ts into lib/server/db/migrations (committed).
 * Generation needs no database; lib/server/db/migrate.ts applies them.
 *
 * The schema module starts with `import 'server-only'`, which throws outside the `react-server` export condition that
 * Next and our tsx scripts use. drizzle-kit loads the schema with plain Node resolution, so we point that one
 * specifier at the package's empty stub before the schema is loaded.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
try {
  const stub = require.resolve('server-only').replace(/index\.js$/, 'empty.js');
  const cache = require.cache as Record<string, unknown>;
  cache[require.resolve('server-only')] = cache[stub] ?? { id: stub, filename: stub, loaded: true, exports: {} };
} catch {
  // server-only not installed: nothing to stub.
}

export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/server/db/schema.ts',
  out: './lib/server/db/migrations',
  strict: true,
  verbose: true,
});
