/** The slice of pino / fastify's logger the bus uses, so either can be passed. */
export interface EventLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: EventLogger = { debug() {}, info() {}, warn() {}, error() {} };
