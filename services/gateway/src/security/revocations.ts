import {
  assertNotRevoked,
  REVOKED_KEYS_PATTERN,
  revocationsChannel,
  revokedTokenKey,
  revokedUserKey,
  unauthorized,
  type Redis,
  type RevocationMessage,
} from '@esim/platform';
import type { FastifyBaseLogger } from 'fastify';

export interface RevocationSet {
  /** Throws 401 for a revoked token; asks Redis itself while the in-memory set cannot be trusted. */
  assertNotRevoked(claims: { sub: string; jti?: string; iat?: number }): void | Promise<void>;
  /** Whether answers come from memory (subscribed, loaded and heard from lately). */
  readonly live: boolean;
  close(): void;
}

export interface RevocationSetOptions {
  /** How often the listening connection is pinged; silence for three pings counts as down. */
  heartbeatMs?: number;
  /** Name of the listening connection in Redis's CLIENT LIST. */
  connectionName?: string;
}

/**
 * The revocations (users' cut-off times, signed-out token ids) kept in memory, so the token check
 * at the door costs no Redis round trip. Fed by the channel on which every revocation is announced
 * as it is written; the whole set is loaded from Redis after each (re)subscription, and until that
 * load is done, or while the listening connection is down or silent, every check asks Redis as
 * before: a revocation is never missed, only, at worst, answered from Redis.
 */
export function createRevocationSet(
  redis: Redis,
  log: Pick<FastifyBaseLogger, 'warn'>,
  options: RevocationSetOptions = {},
): RevocationSet {
  const heartbeatMs = options.heartbeatMs ?? 2_000;
  const prefix = redis.options.keyPrefix ?? '';
  /** User id → revoked at (unix seconds), and when the entry may go (ms). */
  const users = new Map<string, { at: number; until: number }>();
  /** Signed-out token id → when the entry may go (ms). */
  const tokens = new Map<string, number>();
  let subscribed = false;
  let loaded = false;
  let heardAt = 0;
  let closed = false;

  const add = (message: RevocationMessage, now = Date.now()) => {
    const until = now + message.ttl * 1000;
    if ('user' in message) {
      const known = users.get(message.user);
      if (!known || known.at <= message.at) users.set(message.user, { at: message.at, until });
    } else tokens.set(message.jti, until);
  };

  /** Every revocation key in Redis, with its value and time to live, added to the set. */
  const load = async (generation: number) => {
    const userPrefix = prefix + revokedUserKey('');
    const tokenPrefix = prefix + revokedTokenKey('');
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', prefix + REVOKED_KEYS_PATTERN, 'COUNT', 1000);
      cursor = next;
      if (keys.length === 0) continue;
      // SCAN answers whole keys; the client puts its prefix in front again, so it is taken off first.
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.get(key.slice(prefix.length)).pttl(key.slice(prefix.length));
      const results = (await pipeline.exec()) ?? [];
      const now = Date.now();
      keys.forEach((key, i) => {
        const value = results[2 * i]?.[1] as string | null;
        const ttlMs = results[2 * i + 1]?.[1] as number;
        if (value === null || ttlMs === -2) return;
        const ttl = ttlMs > 0 ? ttlMs / 1000 : 24 * 3600;
        if (key.startsWith(userPrefix)) add({ user: key.slice(userPrefix.length), at: Number(value), ttl }, now);
        else if (key.startsWith(tokenPrefix)) add({ jti: key.slice(tokenPrefix.length), ttl }, now);
      });
    } while (cursor !== '0' && generation === subscriptions);
    if (generation === subscriptions) loaded = true;
  };

  // A connection of its own: a subscribed Redis connection can do nothing else.
  const subscriber = redis.duplicate({
    lazyConnect: true,
    maxRetriesPerRequest: null,
    enableAutoPipelining: false,
    connectionName: options.connectionName ?? 'gateway-revocations',
  });
  const channel = revocationsChannel(redis);
  let subscriptions = 0;
  const down = () => {
    subscribed = false;
    loaded = false;
  };
  subscriber.on('message', (_channel: string, text: string) => {
    heardAt = Date.now();
    try {
      add(JSON.parse(text) as RevocationMessage);
    } catch (error) {
      // A message we cannot read may have been a revocation: trust Redis until the next full load.
      log.warn({ err: error }, 'revocation listener: unreadable message, reloading');
      down();
      void subscribed_();
    }
  });
  subscriber.on('error', (error) => log.warn({ err: error }, 'revocation listener: Redis error'));
  subscriber.on('close', down);
  subscriber.on('reconnecting', down);
  // ioredis subscribes again by itself after a reconnection: load the set again once it has.
  subscriber.on('ready', () => {
    if (subscriptions === 0 || closed) return;
    // Subscribing again answers once the subscription holds, whether or not ioredis already sent it.
    subscriber
      .subscribe(channel)
      .then(() => subscribed_())
      .catch((error) => log.warn({ err: error }, 'revocation listener could not subscribe again'));
  });
  /** After a (re)subscription: every revocation written from now on is heard, so what is in Redis completes the set. */
  const subscribed_ = async () => {
    const generation = ++subscriptions;
    subscribed = true;
    heardAt = Date.now();
    try {
      await load(generation);
    } catch (error) {
      log.warn({ err: error }, 'revocation listener: could not load the set; asking Redis per request');
      if (generation === subscriptions) down();
    }
  };
  subscriber
    .connect()
    .then(() => subscriber.subscribe(channel))
    .then(() => subscribed_())
    .catch((error) => log.warn({ err: error }, 'revocation listener could not subscribe; asking Redis per request'));

  // A connection can die without a word (a cut cable): a ping answered proves it still hears.
  const heartbeat = setInterval(() => {
    if (!subscribed) return;
    subscriber.ping().then(
      () => {
        heardAt = Date.now();
      },
      () => undefined,
    );
    const now = Date.now();
    for (const [id, entry] of users) if (entry.until <= now) users.delete(id);
    for (const [jti, until] of tokens) if (until <= now) tokens.delete(jti);
  }, heartbeatMs);
  heartbeat.unref();

  const isLive = () => subscribed && loaded && !closed && Date.now() - heardAt < 3 * heartbeatMs;

  return {
    assertNotRevoked(claims) {
      if (!isLive()) return assertNotRevoked(redis, claims);
      if (typeof claims.jti === 'string' && tokens.has(claims.jti)) throw unauthorized('unauthorized');
      const user = users.get(claims.sub);
      if (user && typeof claims.iat === 'number' && user.at >= claims.iat) throw unauthorized('unauthorized');
    },
    get live() {
      return isLive();
    },
    close() {
      closed = true;
      clearInterval(heartbeat);
      subscriber.disconnect();
    },
  };
}
