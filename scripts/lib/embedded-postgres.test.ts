import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres';

/**
 * Issue 20 item 8: `npm start` right after a SIGKILL. The killed server's postmaster.pid (and its shared memory) stay
 * behind for a moment while the killed processes go; a start in that moment must wait and retry, not fail.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'kilig-pg-kill-'));
// As root, PostgreSQL runs as the `postgres` user: it must reach the folder mkdtemp made private.
chmodSync(dir, 0o755);
let server: EmbeddedServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the server in its own process group, as `npm start` would, and answers once it is up. */
function startInChild(): Promise<number> {
  const script = `
    import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve(import.meta.dirname, 'embedded-postgres.ts'))};
    await startEmbeddedPostgres(${JSON.stringify(dir)});
    console.log('up');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => b.toString().includes('up') && resolve(child.pid!));
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before the server was up`)));
  });
}

describe('embedded PostgreSQL after a SIGKILL', () => {
  it('starts again at once: it waits for the killed server to let go of its lock', async () => {
    const pid = await startInChild();
    // SIGKILL the whole group: the owner and PostgreSQL with it, as a killed terminal or OOM killer would.
    process.kill(-pid, 'SIGKILL');
    server = await startEmbeddedPostgres(dir);
    expect(server.shared).toBe(false);
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: server.adminUrl });
    await client.connect();
    expect((await client.query('select 1 as one')).rows[0].one).toBe(1);
    await client.end();
  }, 180_000);
});
