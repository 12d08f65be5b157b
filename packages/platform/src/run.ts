import type { FastifyInstance } from 'fastify';

/**
 * Listens, then starts the work the service registered to run while it serves (its event bus,
 * loops: see serving.ts). On SIGTERM / SIGINT stops taking requests, lets running ones finish,
 * runs the app's close hooks (work, pools) and exits. A second signal exits at once.
 */
export async function runService(
  app: FastifyInstance,
  options: { port: number; host: string; onStarted?: () => Promise<void> | void; beforeClose?: () => Promise<void> },
): Promise<void> {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await options.beforeClose?.();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  try {
    await app.listen({ port: options.port, host: options.host });
    await app.startServingWork();
    if (app.servingWork().length) app.log.info({ running: app.servingWork() }, 'serving');
    await options.onStarted?.();
  } catch (error) {
    app.log.fatal({ err: error }, 'could not start');
    process.exit(1);
  }
}
