import { pipeline, Transform, type Readable } from 'node:stream';
import { AppError } from '@esim/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const tooLarge = new WeakSet<FastifyRequest>();

/** Did a streamed body outgrow its route's limit while being forwarded? */
export const bodyWasTooLarge = (request: FastifyRequest) => tooLarge.has(request);

const payloadTooLarge = () => new AppError(413, 'payload_too_large');

/**
 * Bodies are forwarded as they came, never parsed: the owning service parses and validates them
 * (parsing JSON here only to serialise it again would cost CPU and could change the bytes).
 * - multipart (file imports) is streamed through, so a 10 MB upload is never held in memory;
 * - everything else is read into one Buffer, which lets fastify enforce the route's bodyLimit
 *   (413 before the service is bothered).
 * Applies to the encapsulated context it is called in (the proxied routes).
 */
export function keepRawBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(/^multipart\//i, (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit;
    if (Number(request.headers['content-length']) > limit) {
      done(payloadTooLarge(), undefined);
      return;
    }
    done(null, limited(payload, limit, request));
  });
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

/** Passes the stream through, failing it once more than `limit` bytes went by (chunked uploads). */
function limited(payload: Readable, limit: number, request: FastifyRequest): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) {
        tooLarge.add(request);
        callback(payloadTooLarge());
        return;
      }
      callback(null, chunk);
    },
  });
  // Errors surface on `counter`, which the upstream request reads; nothing to do here.
  return pipeline(payload, counter, () => {});
}
