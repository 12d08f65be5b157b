import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Pino options shared by every process: JSON lines, secrets redacted, service name on every line. */
export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-service-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}

/** The gateway creates the request id; every later hop keeps the one it was given. */
export function requestIdOptions(): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  return {
    // The header is read (and validated) in genReqId, so a client cannot inject arbitrary log text.
    requestIdHeader: false,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
  };
}
