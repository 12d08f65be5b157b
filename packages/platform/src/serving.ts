import type { FastifyInstance } from 'fastify';

/**
 * Work a service does only while it serves (its event bus, recovery loops): `runService` starts
 * every piece once the service listens and the app's close stops them before the pools close, so a
 * service cannot be run without the work it registered. Tests that build the app without listening
 * start what they need themselves.
 */
export interface ServingWork {
  name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Registers work that runs while the service serves (see ServingWork). */
    whileServing(work: ServingWork): void;
    /** Starts every registered piece of work (runService calls it after listen); safe to call twice. */
    startServingWork(): Promise<void>;
    /** The names of the work running now (shown by `/ready`). */
    servingWork(): string[];
  }
}

export function registerServingWork(app: FastifyInstance): void {
  const registered: ServingWork[] = [];
  const running: ServingWork[] = [];
  app.decorate('whileServing', (work: ServingWork) => {
    registered.push(work);
  });
  app.decorate('startServingWork', async () => {
    for (const work of registered) {
      if (running.includes(work)) continue;
      await work.start();
      running.push(work);
    }
  });
  app.decorate('servingWork', () => running.map((work) => work.name));
  app.addHook('preClose', async () => {
    // The reverse of the start order: what started last may depend on what started first.
    for (const work of running.splice(0).reverse()) await work.stop();
  });
}

/**
 * Serving work that runs `pass` every `intervalMs` after the previous pass ended (never two at once);
 * `pass` is told whether stop was asked so it can end early, and a failed pass is logged, not fatal.
 */
export function repeatingWork(
  name: string,
  intervalMs: number,
  pass: (stopped: () => boolean) => Promise<unknown>,
  onError: (error: unknown) => void,
): ServingWork {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const stopped = () => timer === undefined;
  const run = () => {
    running = pass(stopped)
      .catch(onError)
      .finally(() => {
        if (timer) timer = setTimeout(run, intervalMs);
      });
  };
  return {
    name,
    start() {
      timer = setTimeout(run, intervalMs);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
