/**
 * Worker thread of the events bench: publishes through the outbox the way services do (each event
 * its own transaction at an offered rate, or all at once in transactions of 100), on its own event
 * loop so the relay and the consumer being measured do not share one with it. Reports, per event,
 * the moment its transaction committed: the event is in the outbox from then on.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb, publish } from '@esim/platform';

export interface PublishJob {
  url: string;
  count: number;
  kind: 'steady' | 'burst';
  rate: number;
  connections: number;
  keys: number;
}

export interface PublishReport {
  /** [event id, epoch ms of its commit] */
  committed: Array<[string, number]>;
  seconds: number;
}

const job = workerData as PublishJob;
const now = () => performance.timeOrigin + performance.now();
const db = createDb(job.url, 'catalog', job.connections);
const committed: Array<[string, number]> = [];
const event = (i: number) => ({
  type: 'catalog.package.deactivated' as const,
  aggregateId: `pkg-${i % job.keys}`,
  payload: { packageId: `pkg-${i % job.keys}` },
});

const started = performance.now();
if (job.kind === 'burst') {
  for (let i = 0; i < job.count; i += 100) {
    const ids = await db.transaction(async (trx) => {
      const out: string[] = [];
      for (let j = i; j < Math.min(job.count, i + 100); j++) out.push((await publish(trx, 'catalog', event(j))).id);
      return out;
    });
    const at = now();
    for (const id of ids) committed.push([id, at]);
  }
} else {
  const inFlight = new Set<Promise<unknown>>();
  let sent = 0;
  while (sent < job.count) {
    const due = Math.min(job.count, Math.floor(((performance.now() - started) / 1000) * job.rate) + 1);
    while (sent < due) {
      // Never more transactions in flight than connections: the rest would queue in the pool.
      if (inFlight.size >= job.connections) await Promise.race(inFlight);
      const i = sent++;
      const p = db
        .transaction((trx) => publish(trx, 'catalog', event(i)))
        .then((envelope) => void committed.push([envelope.id, now()]))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(inFlight);
}
const report: PublishReport = { committed, seconds: (performance.now() - started) / 1000 };
await db.destroy();
parentPort!.postMessage(report);
