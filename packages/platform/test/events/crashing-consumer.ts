/**
 * A consumer process that dies mid-handler, like a process killed by the OOM killer or a power
 * cut: it writes the effect in the handler's transaction, then SIGKILLs itself before the commit.
 * Run by `runCrashingConsumer` in harness.ts.
 */
import { createDb } from '../../src/db';
import { createEventBus } from '../../src/events/bus';
import { CONSUMER, EVENT, recorder } from './harness';

const url = process.env.DATABASE_URL!;
// Package ids (comma-separated) whose handler kills the process.
const crashOn = (process.env.TEST_CRASH_ON ?? '').split(',').filter(Boolean);
const crashAt = Number(process.env.TEST_CRASH_AT ?? 0);
const db = createDb(url, CONSUMER, 2);
const bus = createEventBus({
  service: CONSUMER,
  group: process.env.TEST_GROUP,
  db,
  config: { DATABASE_URL: url, KAFKA_BROKERS: process.env.KAFKA_BROKERS || undefined },
  settings: JSON.parse(process.env.TEST_SETTINGS ?? '{}'),
  // Its log lines go to stderr, which the test shows if the child fails to crash as planned.
  logger: {
    debug() {},
    info: (obj, msg) => console.error(msg, JSON.stringify(obj)),
    warn: (obj, msg) => console.error(msg, JSON.stringify(obj)),
    error: (obj, msg) => console.error(msg, JSON.stringify(obj)),
  },
});
let handled = 0;
const record = recorder({ group: process.env.TEST_GROUP });
bus.on(EVENT, async (event, context) => {
  await record(event, context);
  handled++;
  console.error('handled', event.payload.packageId, handled);
  if (crashOn.includes(event.payload.packageId) || handled === crashAt) process.kill(process.pid, 'SIGKILL');
});
await bus.start();
// Tells the parent which partitions this process consumes (an `ASSIGNMENTS` line each time they change;
// `[]` after a failed join), so a test can wait until the child really consumes before publishing.
let reported = '';
setInterval(() => {
  const assignments = JSON.stringify(bus.metrics().assignments);
  if (assignments !== reported) console.error(`ASSIGNMENTS ${(reported = assignments)}`);
}, 20);
