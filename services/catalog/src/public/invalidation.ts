import { randomUUID } from 'node:crypto';
import { catalogChangedChannel } from '@esim/contracts';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { PublicCatalogCache } from './cache';

/**
 * Tells every catalog process that the catalog changed, over Redis pub/sub, so each drops its
 * in-memory public catalog at once (the TTL is only the safety net for a missed message).
 * Channel names are not keys, so Redis' key prefix does not apply: we add it ourselves so
 * parallel test files (each with its own prefix) never invalidate each other.
 */
export interface CatalogChanges {
  /** Call after a catalog write has committed. Never throws: a lost message costs at most one TTL of staleness. */
  changed(): Promise<void>;
  /** Resolves once this process listens (tests wait on it before checking another process sees a change). */
  listening: Promise<void>;
}

export function attachCatalogChanges(
  app: FastifyInstance,
  cache: PublicCatalogCache,
  options: { redisUrl: string; prefix: string },
): CatalogChanges {
  const channel = catalogChangedChannel(options.prefix);
  const origin = randomUUID();
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  subscriber.on('message', (_channel: string, from: string) => {
    if (from !== origin) cache.invalidate();
  });
  subscriber.on('error', (error) => app.log.warn({ err: error }, 'catalog change listener: Redis error'));
  // A process that cannot listen still serves: its own writes invalidate locally and the TTL covers the rest.
  const listening = subscriber
    .connect()
    .then(() => subscriber.subscribe(channel))
    .then(() => undefined)
    .catch((error) => {
      app.log.warn({ err: error }, 'catalog change listener could not subscribe; relying on the cache TTL');
    });
  app.addHook('onClose', async () => {
    subscriber.disconnect();
  });
  return {
    listening,
    async changed() {
      cache.invalidate();
      await app.redis
        .publish(channel, origin)
        .catch((error) => app.log.warn({ err: error }, 'could not announce a catalog change'));
    },
  };
}
