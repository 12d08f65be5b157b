import { Pool, type Dispatcher } from 'undici';
import { exchange, type UpstreamResponse } from './exchange';

export interface UpstreamSetOptions {
  /** Keep-alive connections per copy. */
  connections: number;
  /** Answers up to this many bytes are read whole before `request` resolves; larger ones stream. */
  bodyBufferMax: number;
  timeoutMs: number;
  connectTimeoutMs: number;
  /** How often each copy's /ready is asked when there are several; a single copy is never probed. */
  healthIntervalMs: number;
  /** Taken out or put back: operators see each change once. */
  onChange?: (url: string, healthy: boolean) => void;
}

export interface UpstreamState {
  url: string;
  healthy: boolean;
}

/**
 * When a failed request goes to another copy: `true` when sending it twice is harmless (a safe
 * method, a keyed or idempotent write): after a refusal or a lost socket; `'unreached'` only when
 * the copy never got it; `false` never (a streamed body cannot be sent twice).
 */
export type Repeat = boolean | 'unreached';

export interface UpstreamSet {
  /**
   * Sends one request to the next copy in turn, skipping the ones taken out, and to another copy
   * after a failure as `repeat` allows. A `signal` (the caller's deadline) ends every attempt.
   */
  request(call: Dispatcher.DispatchOptions, repeat: Repeat, signal?: AbortSignal): Promise<UpstreamResponse>;
  states(): UpstreamState[];
  close(): Promise<void>;
}

interface Upstream extends UpstreamState {
  pool: Pool;
}

/**
 * Errors raised before a byte of the request left: the copy never saw it, so any request may go to
 * another copy (no connection was made, nothing could have been carried out).
 */
export const NEVER_REACHED = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** A kept-alive socket the copy closed meanwhile. */
const SOCKET_LOST = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

const codeOf = (error: unknown) => (error as { code?: string } | null)?.code ?? '';
/** A busy copy may take a moment to answer /ready: it is not taken out for being slower than the probe interval. */
const PROBE_TIMEOUT_FLOOR_MS = 1_000;

/**
 * The copies of one service behind the gateway: round robin over the healthy ones, a copy that
 * refuses a connection taken out at once, and (with several copies) a probe of every copy's
 * `/ready` each `healthIntervalMs` that takes out a failing copy and puts a recovered one back.
 * When every copy is out, all are tried anyway: a guess beats a certain 503. The gateway's proxy
 * and every service's internal client send through one of these.
 */
export function createUpstreamSet(urls: string[], options: UpstreamSetOptions): UpstreamSet {
  const upstreams: Upstream[] = urls.map((url) => ({
    url,
    healthy: true,
    pool: new Pool(url, {
      connections: options.connections,
      pipelining: 1,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: { timeout: options.connectTimeoutMs },
    }),
  }));
  let cursor = 0;

  const setHealthy = (upstream: Upstream, healthy: boolean) => {
    if (upstream.healthy === healthy) return;
    upstream.healthy = healthy;
    options.onChange?.(upstream.url, healthy);
  };

  /** A single copy is tried twice (a lost kept-alive socket is worth a second try); one array for every request. */
  const single = upstreams.length === 1 ? [upstreams[0]!, upstreams[0]!] : undefined;
  /** The copies to try, in order: the healthy ones from the round-robin cursor, then the rest. */
  const attemptOrder = (): Upstream[] => {
    if (single) return single;
    const start = cursor++ % upstreams.length;
    const rotated = [...upstreams.slice(start), ...upstreams.slice(0, start)];
    const healthy = rotated.filter((upstream) => upstream.healthy);
    return healthy.length > 0 ? healthy : rotated;
  };

  let probing = false;
  const probe = async () => {
    if (probing) return;
    probing = true;
    await Promise.all(
      upstreams.map(async (upstream) => {
        try {
          const timeoutMs = Math.min(Math.max(options.healthIntervalMs, PROBE_TIMEOUT_FLOOR_MS), options.timeoutMs);
          const response = await upstream.pool.request({
            path: '/ready',
            method: 'GET',
            signal: AbortSignal.timeout(timeoutMs),
          });
          await response.body.dump();
          setHealthy(upstream, response.statusCode === 200);
        } catch {
          setHealthy(upstream, false);
        }
      }),
    );
    probing = false;
  };
  const timer = upstreams.length > 1 ? setInterval(() => void probe(), options.healthIntervalMs) : undefined;
  timer?.unref();

  return {
    async request(call, repeat, signal) {
      const order = attemptOrder();
      let lastError: unknown;
      for (let index = 0; index < order.length; index++) {
        const upstream = order[index]!;
        try {
          return await exchange(upstream.pool, call, options.bodyBufferMax, signal);
        } catch (error) {
          lastError = error;
          const code = codeOf(error);
          const unreached = NEVER_REACHED.has(code);
          if (unreached && upstreams.length > 1) setHealthy(upstream, false);
          const another = index + 1 < order.length && !signal?.aborted;
          const again = repeat === true ? unreached || SOCKET_LOST.has(code) : repeat === 'unreached' && unreached;
          if (!another || !again) throw error;
        }
      }
      throw lastError;
    },
    states: () => upstreams.map(({ url, healthy }) => ({ url, healthy })),
    async close() {
      if (timer) clearInterval(timer);
      await Promise.all(upstreams.map((upstream) => upstream.pool.destroy()));
    },
  };
}
