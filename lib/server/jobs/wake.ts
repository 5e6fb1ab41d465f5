import 'server-only';

/*
 * Waking this process's idle worker lanes, on its own: modules that enqueue a job (the studio's ingest, the sandbox's
 * checkout page) call `wakeJobWorker()` without importing the worker, whose handlers import them in turn.
 */

type Wakes = Set<() => void>;
// On globalThis: one set per process even when `next dev` reloads modules.
const wakes: Wakes = ((globalThis as { __kiligJobWakes?: Wakes }).__kiligJobWakes ??= new Set());

/** Lets the local idle lanes look at the queue now (a job was just enqueued here) instead of at their next poll. */
export function wakeJobWorker(): void {
  for (const wake of [...wakes]) wake();
}

/** Sleeps up to `ms`, or until `wakeJobWorker()` is called in this process. */
export function sleepUnlessWoken(ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      wakes.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    timer.unref();
    wakes.add(wake);
  });
}
