/**
 * What every BullMQ queue and worker of the shop is built with: its own Redis connection options
 * (BullMQ's blocking commands need `maxRetriesPerRequest: null`) and a key prefix under the
 * service's own, which keeps test files and deployments apart.
 */
export function bullConnection(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password || undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined,
    maxRetriesPerRequest: null,
  };
}

export const bullPrefix = (redisPrefix: string) => `${redisPrefix}bull`;
