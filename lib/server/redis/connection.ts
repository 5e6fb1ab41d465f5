import 'server-only';
import { createClient, type RedisClientType } from 'redis';
import { serverEnv } from '@/lib/env';
import { log } from '@/lib/server/log';

/**
 * Connections to the Redis of REDIS_URL, shared by the instances of a scaled-out deployment (rate-limit counters,
 * cache invalidations). Redis is a helper here, never a dependency of a page or an API answer: commands fail fast
 * while it is down instead of waiting for it, and every caller has a fallback.
 */

/** A reply slower than this counts as Redis being down. */
const COMMAND_TIMEOUT_MS = 500;
/** One connection attempt gives up after this, so the first request waits at most this long for a Redis that is silent. */
const CONNECT_TIMEOUT_MS = 2_000;
/** Reconnect delays grow from 100 ms to this and retry forever: a Redis that comes back is used again without a restart. */
const MAX_RECONNECT_DELAY_MS = 5_000;

export type RedisConnection = {
  /**
   * Runs `fn` with the client, connecting on first use. Only the first attempt is waited for; afterwards, while the
   * connection is down, commands reject at once (no offline queue) and the caller falls back.
   */
  run<T>(fn: (client: RedisClientType) => Promise<T>): Promise<T>;
  /** Drops the connection and rejects its pending commands. */
  close(): void;
};

export function connectRedis(url: string, name: string): RedisConnection {
  let opened: { client: RedisClientType; firstAttempt: Promise<void> } | undefined;

  const open = () => {
    const client: RedisClientType = createClient({
      url,
      disableOfflineQueue: true,
      commandOptions: { timeout: COMMAND_TIMEOUT_MS },
      socket: {
        connectTimeout: CONNECT_TIMEOUT_MS,
        reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
      },
    });
    // Without an 'error' listener a lost connection would throw and end the process. One warning per outage, not
    // one per retry.
    let down = false;
    client.on('error', (err: unknown) => {
      if (!down) log.warn('redis unreachable, retrying in the background', { connection: name, err });
      down = true;
    });
    client.on('ready', () => {
      if (down) log.info('redis reachable again', { connection: name });
      down = false;
    });
    const firstAttempt = new Promise<void>((resolve) => {
      client.once('ready', () => resolve());
      client.once('error', () => resolve());
    });
    // The server's listening socket keeps a server running; this one must not keep a script or a build worker alive.
    client.unref();
    // connect() retries until it succeeds; its failures arrive as the 'error' events above.
    client.connect().catch(() => undefined);
    return { client, firstAttempt };
  };

  return {
    async run(fn) {
      opened ??= open();
      await opened.firstAttempt;
      return fn(opened.client);
    },
    close() {
      if (opened?.client.isOpen) opened.client.destroy();
    },
  };
}

export type SharedRedis = {
  /** Commands: rate-limit counters, publishing invalidations. */
  commands: RedisConnection;
  /** A connection that has subscribed can run nothing else, so subscriptions get their own. */
  subscriber: RedisConnection;
};

/**
 * This process's connections to REDIS_URL (each opens on first use), or null when REDIS_URL is unset and everything
 * stays in process. On globalThis so a dev-server reload reuses them instead of opening another pair.
 */
export function sharedRedis(): SharedRedis | null {
  const url = serverEnv().REDIS_URL;
  if (!url) return null;
  return ((globalThis as { __kiligRedis?: SharedRedis }).__kiligRedis ??= {
    commands: connectRedis(url, 'commands'),
    subscriber: connectRedis(url, 'subscriber'),
  });
}
