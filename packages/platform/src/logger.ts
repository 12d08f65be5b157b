import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, LoggerOptions } from 'pino';

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

/**
 * Request ids made by this process: a random prefix drawn at start-up and a counter. Unique across
 * processes and restarts like a UUID, without drawing random bytes on every request.
 */
const processPrefix = randomBytes(8).toString('hex');
let requestsNamed = 0;
const newRequestId = () => `${processPrefix}-${(requestsNamed += 1).toString(36)}`;

/** The gateway creates the request id; every later hop keeps the one it was given. */
export function requestIdOptions(): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  return {
    // The header is read (and validated) in genReqId, so a client cannot inject arbitrary log text.
    requestIdHeader: false,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : newRequestId();
    },
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * fastify's per-request logger (request.log, reply.log), made into a pino child only when a line
 * is written at an enabled level: at the levels production runs, most requests write none, and
 * making a child serialises (and redacts) its bindings every time.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): LevelWithSilentOrString {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.made.level = level;
  }

  private write(level: Level, args: unknown[]): void {
    const logger = this.#child ?? (this.parent.isLevelEnabled(level) ? this.made : undefined);
    (logger?.[level] as ((...args: unknown[]) => void) | undefined)?.apply(logger, args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

/** fastify's `childLoggerFactory`: a route with a log level of its own gets its child at once. */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level) return logger.child(bindings, options);
  return new RequestLogger(logger as ConstructorParameters<typeof RequestLogger>[0], bindings, options);
}
