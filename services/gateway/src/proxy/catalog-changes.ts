import { catalogChangedChannel } from '@esim/contracts';
import type { FastifyInstance } from 'fastify';
import type { PublicCache } from './public-cache';

/**
 * Empties the gateway's cache of the catalog's public answers (or what it learnt from them) whenever the catalog announces a
 * write, so an admin's change (a price, a package switched off) shows on the storefront's next
 * load instead of after the answers' max-age. A missed message costs at most that max-age.
 */
export function clearOnCatalogChange(
  scope: FastifyInstance,
  cache: Pick<PublicCache, 'clear'>,
  redisPrefix: string,
): void {
  // A connection of its own: a subscribed Redis connection can do nothing else.
  const subscriber = scope.redis.duplicate({ lazyConnect: true, maxRetriesPerRequest: null });
  subscriber.on('message', () => cache.clear());
  subscriber.on('error', (error) => scope.log.warn({ err: error }, 'catalog change listener: Redis error'));
  subscriber
    .connect()
    .then(() => subscriber.subscribe(catalogChangedChannel(redisPrefix)))
    .catch((error) =>
      scope.log.warn(
        { err: error },
        'catalog change listener could not subscribe; public answers live out their max-age',
      ),
    );
  scope.addHook('onClose', async () => {
    subscriber.disconnect();
  });
}
