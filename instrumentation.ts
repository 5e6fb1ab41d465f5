/**
 * Next calls register() once when a server process starts. The Node.js server starts the durable job worker
 * (webhook deliveries, payment reconciliation: lib/server/jobs); the edge runtime has no database and starts nothing.
 * process.env.NEXT_RUNTIME is Next's own switch, replaced at build time (so the edge build drops the import below);
 * it is read here rather than through lib/env for that reason.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startJobWorker } = await import('./lib/server/jobs/start');
    startJobWorker();
  }
}
