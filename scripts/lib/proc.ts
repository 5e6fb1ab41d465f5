import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * Starts a child in our own process group, so whatever stops us as a group (Ctrl+C, a test runner's teardown) stops it
 * too, even if we get no chance to clean up.
 */
export function startChild(cmd: string, args: string[], opts: SpawnOptions & { logFile?: string } = {}): ChildProcess {
  const { logFile, ...rest } = opts;
  const child = spawn(cmd, args, { stdio: logFile ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'], ...rest });
  if (logFile) {
    mkdirSync(path.dirname(logFile), { recursive: true }); // a fresh clone has no .data yet
    const out = createWriteStream(logFile, { flags: 'a' });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
  }
  return child;
}

export function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (!child?.pid || child.exitCode !== null) return;
  try {
    child.kill(signal);
  } catch {
    // already gone
  }
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000}s waiting for ${what}`);
}

export async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return res.ok;
}

/** A port nothing listens on right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The existing production build served by `scripts/start.ts` on a fresh data folder `.data/<name>` (log
 * `.data/<name>.log`) and a free port, once /api/health answers: how the benchmarks measure a build.
 */
export async function startBuiltApp(root: string, name: string, opts: { authPort?: string } = {}): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`starting the production build on ${base} (log: .data/${name}.log) …`);
  const authPort = opts.authPort ? ['--auth-port', opts.authPort] : [];
  const child = startChild(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts', '--no-build', '--fresh', '--data-dir', `.data/${name}`, '--port', String(port), ...authPort],
    { cwd: root, logFile: path.join(root, '.data', `${name}.log`) },
  );
  try {
    await waitFor(() => httpOk(`${base}/api/health`), 180_000, 'the app');
  } catch (err) {
    stopChild(child);
    throw err;
  }
  return { base, child };
}
