import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

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
 * headers with the body as a stream that follows the caller's pace.
 */
export function exchange(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  bufferMax: number,
): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    let statusCode = 0;
    let headers: IncomingHttpHeaders = {};
    let chunks: Buffer[] | undefined;
    let stream: Readable | undefined;
    let resume: (() => void) | undefined;
    let settled = false;
    const fail = (error: Error) => {
      if (!settled) {
        settled = true;
        reject(error);
      } else stream?.destroy(error);
    };
    const handler = {
      onConnect() {},
      onHeaders(code: number, raw: Buffer[], resumeReading: () => void): boolean {
        // 1xx answers are informational: the real one follows.
        if (code < 200) return true;
        statusCode = code;
        headers = parseHeaders(raw);
        const length = Number(headers['content-length']);
        if (length <= bufferMax) {
          chunks = [];
          return true;
        }
        resume = resumeReading;
        stream = new Readable({ read: () => resume?.() });
        settled = true;
        resolve({ statusCode, headers, body: stream });
        return true;
      },
      onData(chunk: Buffer): boolean {
        if (chunks) {
          chunks.push(chunk);
          return true;
        }
        return stream!.push(chunk);
      },
      onComplete() {
        if (stream) {
          stream.push(null);
          return;
        }
        settled = true;
        const body = !chunks?.length ? Buffer.alloc(0) : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        resolve({ statusCode, headers, body });
      },
      onError: fail,
    };
    dispatcher.dispatch(options, handler as unknown as Dispatcher.DispatchHandler);
  });
}

/** Raw header pairs to Node's shape: lower-case names, repeated ones (set-cookie) as arrays. */
function parseHeaders(raw: Buffer[]): IncomingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toString('latin1').toLowerCase();
    const value = raw[i + 1]!.toString('latin1');
    const existing = headers[name];
    if (existing === undefined) headers[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else headers[name] = [existing, value];
  }
  return headers as IncomingHttpHeaders;
}
