import { Redis } from 'ioredis';

/** A Redis client whose every key carries the configured prefix (tests give each file its own). */
export function createRedis(url: string, prefix: string): Redis {
  return new Redis(url, {
    keyPrefix: prefix,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}

export type { Redis };
