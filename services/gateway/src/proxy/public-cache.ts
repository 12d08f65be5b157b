import { pickLocale } from '@esim/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A small shared cache at the door for public GET answers that the owning service marked
 * `Cache-Control: public, max-age=N` (the catalog's country, package and coverage pages).
 * Serving them here saves the hop to the service for the busiest pages of the site; the
 * service's max-age bounds how stale an answer can be, exactly as it already does for browsers.
 * Variants are kept per language because every public answer varies by Accept-Language.
 * A request's own `Cache-Control: no-cache` is not honoured: it would let anyone bypass the cache.
 * While the service fails, a page past its max-age is still answered for up to the configured
 * staleness (stale-if-error), marked `Warning: 110` and `X-Cache: STALE`: an old price list
 * shown to a browsing visitor beats an error page, and every purchase is priced by the services.
 */
interface Entry {
  headers: Record<string, string>;
  body: Buffer;
  etag: string | undefined;
  expiresAt: number;
  storedAt: number;
}

const MAX_AGE_CAP_SECONDS = 300;
const MAX_BODY_BYTES = 256 * 1024;
const CACHEABLE_HEADERS = ['content-type', 'etag', 'cache-control', 'vary', 'content-language', 'last-modified'];

export interface PublicCache {
  /** Answers from the cache when it can (200 or 304); false when the request must go upstream. */
  serve(request: FastifyRequest, reply: FastifyReply): boolean;
  /** While the service fails: answers a kept page past its max-age but within the allowed staleness. */
  serveStale(request: FastifyRequest, reply: FastifyReply): boolean;
  /** Keeps an upstream answer when it is a cacheable 200. */
  store(
    request: FastifyRequest,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): void;
  /** Forgets every answer (the service announced a change). */
  clear(): void;
}

function maxAgeOf(cacheControl: string | undefined): number {
  if (!cacheControl || !/\bpublic\b/.test(cacheControl) || /\b(no-store|no-cache|private)\b/.test(cacheControl))
    return 0;
  const match = /\bmax-age=(\d+)/.exec(cacheControl);
  return match ? Math.min(Number(match[1]), MAX_AGE_CAP_SECONDS) : 0;
}

export function createPublicCache(maxEntries: number, staleIfErrorSeconds = 0): PublicCache {
  const entries = new Map<string, Entry>();
  const staleMs = staleIfErrorSeconds * 1000;
  const keyOf = (request: FastifyRequest) => `${request.url}\u0000${pickLocale(request.headers['accept-language'])}`;

  /** The entry of this request while it may still be served (fresh, or within the staleness bound). */
  const usable = (request: FastifyRequest, now: number): Entry | undefined => {
    const key = keyOf(request);
    const entry = entries.get(key);
    if (entry && entry.expiresAt + staleMs <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const answer = (request: FastifyRequest, reply: FastifyReply, entry: Entry, now: number) => {
    reply.headers(entry.headers).header('age', String(Math.floor((now - entry.storedAt) / 1000)));
    const condition = request.headers['if-none-match'];
    if (
      entry.etag &&
      condition &&
      condition.split(',').some((tag) => tag.trim() === entry.etag || tag.trim() === '*')
    ) {
      reply.code(304).send();
    } else {
      reply.code(200).send(entry.body);
    }
  };

  return {
    serve(request, reply) {
      const now = Date.now();
      const entry = usable(request, now);
      if (!entry || entry.expiresAt <= now) return false;
      answer(request, reply, entry, now);
      return true;
    },

    serveStale(request, reply) {
      const now = Date.now();
      const entry = usable(request, now);
      if (!entry) return false;
      reply.header('warning', '110 - "Response is Stale"').header('x-cache', 'STALE');
      answer(request, reply, entry, now);
      return true;
    },

    store(request, statusCode, headers, body) {
      if (statusCode !== 200 || headers['set-cookie'] || body.length > MAX_BODY_BYTES) return;
      const cacheControl = headers['cache-control'];
      const maxAge = maxAgeOf(typeof cacheControl === 'string' ? cacheControl : undefined);
      if (maxAge === 0) return;
      const kept: Record<string, string> = {};
      for (const name of CACHEABLE_HEADERS) {
        const value = headers[name];
        if (typeof value === 'string') kept[name] = value;
      }
      const key = keyOf(request);
      // Oldest first out: a Map iterates in insertion order (a renewed page moves to the end).
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const now = Date.now();
      entries.set(key, { headers: kept, body, etag: kept.etag, storedAt: now, expiresAt: now + maxAge * 1000 });
    },

    clear() {
      entries.clear();
    },
  };
}
