import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { util, type Dispatcher } from 'undici';

/** An upstream's answer: a small body read whole, a large or unsized one as a stream. */
export interface UpstreamResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Buffer | Readable;
}

/**
 * One request through undici's `dispatch`, with a handler of our own instead of `request()`'s:
 * no async resource, body stream or promise chain per answer, which the proxy hop cannot afford
 * (it is most of the gateway's own cost per request). A body of at most `bufferMax` bytes, by its
 * Content-Length, is gathered into one Buffer and the promise resolves when it is complete (a
 * failure midway rejects it, as one before the headers does); anything else resolves at the
 * headers with the body as a stream that follows the caller's pace. A `signal` (a caller's
 * deadline) aborts the request wherever it is.
 */
export function exchange(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  bufferMax: number,
  signal?: AbortSignal,
): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    dispatcher.dispatch(
      options,
      new Exchange(resolve, reject, bufferMax, signal) as unknown as Dispatcher.DispatchHandler,
    );
  });
}

/** undici's (legacy, unwrapped) handler interface, as a class: no closures made per request. */
class Exchange {
  private statusCode = 0;
  private headers: IncomingHttpHeaders = {};
  private chunks: Buffer[] | undefined;
  private stream: Readable | undefined;
  private resumeReading: (() => void) | undefined;
  private settled = false;
  private abortOnSignal: (() => void) | undefined;

  constructor(
    private readonly resolve: (response: UpstreamResponse) => void,
    private readonly reject: (error: Error) => void,
    private readonly bufferMax: number,
    private readonly signal?: AbortSignal,
  ) {}

  onConnect(abort: (reason?: Error) => void): void {
    const signal = this.signal;
    if (!signal) return;
    if (signal.aborted) return abort(signal.reason as Error);
    this.abortOnSignal = () => abort(signal.reason as Error);
    signal.addEventListener('abort', this.abortOnSignal, { once: true });
  }

  /** The deadline no longer concerns a request that ended. */
  private forgetSignal(): void {
    if (this.abortOnSignal) this.signal!.removeEventListener('abort', this.abortOnSignal);
    this.abortOnSignal = undefined;
  }

  onHeaders(code: number, raw: Buffer[], resumeReading: () => void): boolean {
    // 1xx answers are informational: the real one follows.
    if (code < 200) return true;
    this.statusCode = code;
    // undici's own parser: well-known names come out as shared lower-case strings, not new ones per answer.
    this.headers = util.parseHeaders(raw) as IncomingHttpHeaders;
    const length = Number(this.headers['content-length']);
    if (length <= this.bufferMax) {
      this.chunks = [];
      return true;
    }
    this.resumeReading = resumeReading;
    this.stream = new Readable({ read: () => this.resumeReading?.() });
    this.settled = true;
    this.resolve({ statusCode: code, headers: this.headers, body: this.stream });
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.chunks) {
      this.chunks.push(chunk);
      return true;
    }
    return this.stream!.push(chunk);
  }

  onComplete(): void {
    this.forgetSignal();
    if (this.stream) {
      this.stream.push(null);
      return;
    }
    this.settled = true;
    const chunks = this.chunks;
    const body = !chunks?.length ? Buffer.alloc(0) : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    this.resolve({ statusCode: this.statusCode, headers: this.headers, body });
  }

  onError(error: Error): void {
    this.forgetSignal();
    if (!this.settled) {
      this.settled = true;
      this.reject(error);
    } else this.stream?.destroy(error);
  }
}
