import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { CollabRedisConfig } from '../../platform/config.js';
import type { Topic } from '../../platform/realtime/topic.js';

// The studio's changes reach open documents through in-process topics (collab.routes.ts). When documents
// are open on other processes (ROLE=collab, or api processes sharing them through Redis), those events must
// travel too: a page restored through an api process goes into the live copy held by a collab process, and
// a collaborator removed through one process is disconnected from every process at once. Each relayed topic
// gets a Redis channel; an event published here goes out, an event from another process is published here.

/** A topic whose events are plain JSON (no functions, no class instances besides Date). */
export type RelayedTopics = Record<string, Topic<unknown>>;

interface Envelope {
  origin: string;
  event: unknown;
}

export interface CollabRelay {
  close(): Promise<void>;
}

/** ioredis options from REDIS_URL (user, password, database number, rediss: for TLS). */
export function redisOptionsOf(url: string): RedisOptions & { host: string; port: number } {
  const parsed = new URL(url);
  const db = Number(parsed.pathname.slice(1) || 0);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: decodeURIComponent(parsed.username) || undefined,
    password: decodeURIComponent(parsed.password) || undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: 20,
  };
}

/**
 * Relays `topics` between every process on the same Redis and prefix. Resolves once this process listens,
 * so no event published after it is missed.
 */
export async function startCollabRelay(
  redis: CollabRedisConfig,
  topics: RelayedTopics,
  log: (message: string, error: unknown) => void,
): Promise<CollabRelay> {
  const origin = randomUUID();
  const pub = new Redis(redisOptionsOf(redis.url));
  const sub = pub.duplicate();
  const channelOf = (name: string) => `${redis.prefix}:events:${name}`;
  // Events that came from Redis are published locally; they must not be sent out again.
  const arrived = new WeakSet<object>();
  const stops: Array<() => void> = [];

  const byChannel = new Map<string, Topic<unknown>>();
  for (const [name, topic] of Object.entries(topics)) {
    byChannel.set(channelOf(name), topic);
    stops.push(
      topic.subscribe((event) => {
        if (typeof event === 'object' && event !== null && arrived.has(event)) return;
        const envelope: Envelope = { origin, event };
        pub
          .publish(channelOf(name), JSON.stringify(envelope))
          .catch((error: unknown) => log(`relaying ${name} to the other processes failed`, error));
      }),
    );
  }
  sub.on('message', (channel: string, text: string) => {
    const topic = byChannel.get(channel);
    if (!topic) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch (error) {
      log(`an unreadable event on ${channel}`, error);
      return;
    }
    if (envelope.origin === origin || typeof envelope.event !== 'object' || envelope.event === null) return;
    arrived.add(envelope.event);
    topic.publish(envelope.event);
  });
  await sub.subscribe(...byChannel.keys());

  return {
    async close() {
      for (const stop of stops) stop();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
