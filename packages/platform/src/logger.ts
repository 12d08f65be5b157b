import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Paths whose last segment is a credential (a one-time install link's token, a demo card page's): logged without it. */
const CREDENTIAL_IN_PATH = /(\/(?:install|payments\/demo)\/)[^/?#]+/g;
export const redactPath = (url: string) => url.replace(CREDENTIAL_IN_PATH, '$1[redacted]');

interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Pino options shared by every process: JSON lines, secrets redacted, service name on every line. */
export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    serializers: {
      // fastify's own request serializer, with a credential in the path left out.
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: req.url === undefined ? undefined : redactPath(req.url),
        version: req.headers?.['accept-version'],
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
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
