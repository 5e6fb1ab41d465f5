import 'server-only';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import pg from 'pg';
import type { Db } from '@/lib/server/db/client';

/**
 * tus's lock on one upload, held across every instance (tus's own MemoryLocker only sees its process). Each request
 * that touches an upload (HEAD, PATCH, DELETE) holds it, so a client that retries a chunk on instance B while its first
 * try still runs on A cannot append twice.
 *
 * A PostgreSQL session advisory lock on a connection held for the request: PostgreSQL lets go of it when the
 * connection ends, so an instance that dies mid-chunk frees its uploads at once, with no expiry to guess. Taken with
 * pg_try_advisory_lock in a loop, one connection per try, so a waiting request holds no connection and can stop.
 *
 * In one process, like tus's MemoryLocker, a request that wants a held upload asks the holder to stop (a client that
 * resumes after a broken connection must not wait for the dead request to time out). Across instances the holder
 * cannot be asked: the waiter polls until the holder's request ends, or fails after `timeoutMs` (tus answers 500, the
 * client retries).
 */
const POLL_MS = 100;

export class PgUploadLocker implements Locker {
  /** Requests of this process holding an upload's lock: how to ask each to stop. */
  readonly held = new Map<string, RequestRelease>();

  constructor(
    readonly db: () => Promise<Db>,
    readonly timeoutMs = 30_000,
  ) {}

  newLock(id: string): Lock {
    return new PgUploadLock(id, this);
  }

  async pool(): Promise<pg.Pool> {
    // drizzle keeps the node-postgres pool it runs on as $client (not part of our Db type).
    const pool = ((await this.db()) as unknown as { $client?: unknown }).$client;
    if (!(pool instanceof pg.Pool)) throw new Error('upload locks need the node-postgres pool of the database');
    return pool;
  }
}

class PgUploadLock implements Lock {
  private client: pg.PoolClient | null = null;
  private lost: Error | null = null;
  private readonly onLost = (err: Error) => {
    this.lost = err;
  };

  constructor(
    private readonly id: string,
    private readonly locker: PgUploadLocker,
  ) {}

  async lock(stop: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const pool = await this.locker.pool();
    const deadline = Date.now() + this.locker.timeoutMs;
    let asked = false;
    while (!stop.aborted && Date.now() < deadline) {
      const client = await pool.connect();
      let ok = false;
      try {
        const res = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [`kilig-tus:${this.id}`]);
        ok = res.rows[0]?.ok === true;
      } finally {
        if (!ok) client.release();
      }
      if (ok) {
        // A held connection that PostgreSQL ends (a restart, a terminated backend) emits 'error'; unheard, that would
        // end the process. The lock went with the connection: unlock() then just drops it.
        client.on('error', this.onLost);
        this.client = client;
        this.locker.held.set(this.id, requestRelease);
        return;
      }
      const holder = this.locker.held.get(this.id);
      if (holder && !asked) {
        asked = true;
        await holder();
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('Releasing an unlocked lock!');
    this.client = null;
    this.locker.held.delete(this.id);
    client.removeListener('error', this.onLost);
    if (this.lost) {
      client.release(this.lost);
      return;
    }
    try {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [`kilig-tus:${this.id}`]);
      client.release();
    } catch (err) {
      // Ending the connection ends its session, and with it the lock.
      client.release(err instanceof Error ? err : true);
    }
  }
}
