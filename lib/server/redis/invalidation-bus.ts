import 'server-only';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Invalidation, InvalidationBus } from '@/lib/server/shared-state';
import { log } from '@/lib/server/log';
import type { RedisConnection } from './connection';

export const INVALIDATION_CHANNEL = 'kilig:cache-invalidation';
/** Pause before subscribing again after a failed attempt. */
const RESUBSCRIBE_DELAY_MS = 1_000;

const messageSchema = z.object({ from: z.string(), tags: z.array(z.string()), paths: z.array(z.string()) });

function parseMessage(raw: string): z.infer<typeof messageSchema> | null {
  try {
    return messageSchema.parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * Invalidations over Redis pub/sub: `publish` tells the other instances, and every message another instance
 * publishes is handed to `apply`. Pub/sub keeps nothing: an instance that is disconnected when a message goes out
 * misses it, and its copies expire on their own time to live.
 */
export function redisInvalidationBus(opts: {
  publisher: RedisConnection;
  subscriber: RedisConnection;
  apply: (invalidation: Invalidation) => void | Promise<void>;
  channel?: string;
}): InvalidationBus & {
  /** Resolves once the subscription holds (retried while Redis is down); never rejects. */
  subscribed: Promise<void>;
} {
  const channel = opts.channel ?? INVALIDATION_CHANNEL;
  // An instance hears its own messages too; it applied them before publishing, so it skips the ones carrying its id.
  const from = randomUUID();

  const onMessage = (raw: string) => {
    const message = parseMessage(raw);
    if (!message) {
      log.warn('ignored a malformed cache invalidation', { channel });
      return;
    }
    if (message.from === from) return;
    // Never thrown from here: it would surface in the Redis client's socket handler.
    Promise.resolve()
      .then(() => opts.apply({ tags: message.tags, paths: message.paths }))
      .catch((err: unknown) => log.error('applying a cache invalidation failed', { channel, err }));
  };

  // Once subscribed, the client subscribes again by itself after every reconnect; a SUBSCRIBE that fails (Redis down
  // at startup) is dropped, though, so that one is retried here until it holds.
  const subscribed = (async () => {
    for (;;) {
      try {
        await opts.subscriber.run((client) => client.subscribe(channel, onMessage));
        return;
      } catch {
        // The connection has logged the outage.
        await sleep(RESUBSCRIBE_DELAY_MS, undefined, { ref: false });
      }
    }
  })();

  return {
    subscribed,
    publish: (invalidation) =>
      opts.publisher.run(async (client) => {
        await client.publish(channel, JSON.stringify({ from, ...invalidation }));
      }),
  };
}
