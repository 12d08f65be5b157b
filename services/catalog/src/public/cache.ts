import { createHash } from 'node:crypto';
import { AppError } from '@esim/platform';
import type { CatalogSnapshot } from './snapshot';

/**
 * Read-mostly public catalog kept in memory: one snapshot of the data, and the serialized
 * responses built from it (body + strong ETag), so a warm GET does no database work and no
 * JSON serialization. Invalidated at once by writes (`invalidate`); otherwise the snapshot is
 * reloaded in the background after `ttlMs`, the old one answering meanwhile.
 */
export interface CachedResponse {
  body: string;
  etag: string;
}

interface State {
  snapshot: CatalogSnapshot;
  loadedAt: number;
  responses: Map<string, CachedResponse>;
}

export interface PublicCacheOptions {
  ttlMs: number;
  maxEntries: number;
  onRefreshError?: (error: unknown) => void;
}

export class PublicCatalogCache {
  private state: State | undefined;
  private loading: Promise<State> | undefined;
  /** Bumped by every invalidation: a load that started before one must not be installed. */
  private generation = 0;

  constructor(
    private readonly load: () => Promise<CatalogSnapshot>,
    private readonly options: PublicCacheOptions,
  ) {}

  /** The cached response for `key`, or `build`'s result serialized and kept. A thrown error is not cached. */
  async respond(key: string, build: (snapshot: CatalogSnapshot) => unknown): Promise<CachedResponse> {
    const state = this.fresh() ?? (await this.current());
    const hit = state.responses.get(key);
    if (hit) return hit;
    const body = JSON.stringify(build(state.snapshot));
    const response = { body, etag: etagOf(body) };
    // Oldest first out: Map keeps insertion order. The bound stops random query strings from growing memory.
    if (state.responses.size >= this.options.maxEntries) state.responses.delete(state.responses.keys().next().value!);
    state.responses.set(key, response);
    return response;
  }

  /** Drops everything; the next request reloads. Called after a catalog write commits. */
  invalidate(): void {
    this.generation += 1;
    this.state = undefined;
    this.loading = undefined;
  }

  /** The current state if it is within its TTL (the synchronous fast path). */
  private fresh(): State | undefined {
    const state = this.state;
    return state && Date.now() - state.loadedAt < this.options.ttlMs ? state : undefined;
  }

  private async current(): Promise<State> {
    if (this.state) {
      // Expired: answer from the old snapshot while a new one loads (stale-while-revalidate).
      this.reload().catch((error) => this.options.onRefreshError?.(error));
      return this.state;
    }
    try {
      return await this.reload();
    } catch (error) {
      // Nothing to fall back on (cold start with the database away): our outage, not the caller's fault.
      throw new AppError(503, 'service_unavailable', { cause: error });
    }
  }

  private reload(): Promise<State> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.load().then((snapshot) => {
      const state: State = { snapshot, loadedAt: Date.now(), responses: new Map() };
      if (generation === this.generation) this.state = state;
      return state;
    });
    this.loading = loading;
    const clear = () => {
      if (this.loading === loading) this.loading = undefined;
    };
    loading.then(clear, clear);
    return loading;
  }
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/` prefixes are ignored, `*` matches anything. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
