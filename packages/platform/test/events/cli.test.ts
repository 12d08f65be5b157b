import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../src/events/cli';
import { waitFor } from '../../src/testing/index';
import { createHarness, effects, publishSeq, startConsumer, uniqueTag, type Harness } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let h: Harness;
beforeAll(async () => {
  h = await createHarness(
    { DATABASE_URL: process.env.DATABASE_URL! },
    { maxAttempts: 2, retryBaseMs: 10, metricsLogIntervalMs: 0 },
  );
});
afterAll(async () => {
  await h?.close();
});

async function cli(args: string[], locale: 'tr' | 'en' = 'en') {
  const lines: string[] = [];
  const code = await runCli(args, { db: h.consumerDb, locale, out: (line) => lines.push(line) });
  return { code, text: lines.join('\n') };
}

it('shows backlog, group lag and parked messages, and unparks one for its consumer', async () => {
  const tag = uniqueTag('cli');
  const poison = new Set([`${tag}-k:0`]);
  await startConsumer(h, { poison });
  const [eventId] = await publishSeq(h.producerDb, `${tag}-k`, 1);
  const parked = await waitFor(() => h.consumerDb('parked_events').where({ event_id: eventId }).first(), {
    what: 'parked',
  });

  const status = await cli(['status']);
  expect(status.code).toBe(0);
  expect(status.text).toContain('catalog: 0 event(s) waiting in the outbox');
  expect(status.text).toMatch(/consumer group balance: position \d+, lag 0/);
  expect(status.text).toContain(
    `${parked.id} [parked] balance/balance catalog.package.deactivated key=${tag}-k attempts=2`,
  );
  expect(status.text).toContain(`error: cannot handle ${tag}-k:0`);
  const json = JSON.parse((await cli(['status', '--json'])).text);
  expect(json.schemas.find((s: { schema: string }) => s.schema === 'balance').parked[0]).toMatchObject({
    id: parked.id,
    eventId,
    status: 'parked',
  });

  poison.clear();
  // By event id works as well as by parked id.
  const unpark = await cli(['unpark', eventId!]);
  expect(unpark).toEqual({
    code: 0,
    text: `${parked.id} (balance/balance) re-queued; its consumer will run it again now`,
  });
  await waitFor(async () => (await effects(h, tag)).length === 1, { what: 'unparked event handled' });
  expect((await cli(['status'])).text).toContain('No parked messages');
  // Already resolved: nothing parked to re-queue any more.
  expect(await cli(['replay', parked.id], 'tr')).toEqual({
    code: 1,
    text: `${parked.id} kimliğiyle park edilmiş bir mesaj bulunamadı`,
  });
});

it('refuses a malformed id and explains its usage, in Turkish by default', async () => {
  expect(await cli(['replay', 'nope'], 'tr')).toEqual({ code: 2, text: 'Geçersiz kimlik: nope (UUID bekleniyor)' });
  const usage = await cli(['frobnicate'], 'tr');
  expect(usage.code).toBe(2);
  expect(usage.text).toMatch(/^Kullanım: npm run events -- status \[--json\] \| replay <id> \| unpark <id>/);
  expect((await cli([])).code).toBe(0);
});

it('prunes what is old and no longer needed, keeping what a consumer group or the relay still needs', async () => {
  const tag = uniqueTag('prune');
  const bus = await startConsumer(h);
  const ids = await publishSeq(h.producerDb, `${tag}-k`, 3);
  await waitFor(async () => (await effects(h, tag)).length === 3, { what: 'handled' });
  await bus.stop();
  h.buses.splice(h.buses.indexOf(bus), 1);
  // A group that is behind keeps the log rows it has not read yet.
  const positions = (
    await h.consumerDb.raw(
      'SELECT position FROM platform.event_log WHERE event_id = ANY(?::uuid[]) ORDER BY position',
      [ids],
    )
  ).rows.map((r: { position: number }) => Number(r.position));
  await h.consumerDb.raw('INSERT INTO platform.consumer_offsets (group_id, partition, position) VALUES (?, 0, ?)', [
    `${tag}-behind`,
    positions[1],
  ]);
  // An unpublished row stays whatever its age (the relay still owes it to the transport); the
  // relay is stopped so it stays unpublished.
  await h.producerBus.stop();
  await h.producerDb('outbox').insert({
    event_id: crypto.randomUUID(),
    type: 'catalog.package.deactivated',
    topic: 'catalog.package',
    aggregate_id: tag,
    envelope: '{}',
  });
  await h.consumerDb.raw(`UPDATE platform.event_log SET appended_at = now() - interval '10 days'`);
  await h.producerDb.raw(
    `UPDATE outbox SET created_at = now() - interval '10 days', published_at = CASE WHEN published_at IS NULL THEN NULL ELSE now() - interval '10 days' END`,
  );
  await h.consumerDb.raw(`UPDATE inbox SET handled_at = now() - interval '10 days' WHERE event_id = ANY(?::uuid[])`, [
    ids,
  ]);

  const pruned = await cli(['prune', '7']);
  expect(pruned.code).toBe(0);
  expect(pruned.text).toMatch(/^Deleted rows older than 7 days: log \d+, outbox \d+, inbox \d+, parked \d+$/);
  const remaining = await h.consumerDb.raw(
    'SELECT position FROM platform.event_log WHERE event_id = ANY(?::uuid[]) ORDER BY position',
    [ids],
  );
  expect(remaining.rows.map((r: { position: number }) => Number(r.position))).toEqual([positions[2]]);
  expect(await h.producerDb('outbox').whereNull('published_at')).toHaveLength(1);
  expect(await h.producerDb('outbox').whereIn('event_id', ids)).toHaveLength(0);
  expect(await h.consumerDb('inbox').whereIn('event_id', ids)).toHaveLength(0);
  expect(await cli(['prune', '0'], 'tr')).toEqual({
    code: 2,
    text: 'Geçersiz gün sayısı: 0 (1 ya da daha büyük bir tam sayı)',
  });
});

it('runs as `npm run events -- status` against DATABASE_URL', async () => {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'events', '--', 'status'], {
    cwd: root,
    env: { ...process.env, LANG: 'C.UTF-8', EVENTS_LANG: '' },
  });
  expect(stdout).toMatch(/catalog: outbox'ta yayınlanmayı bekleyen \d+ olay/);
  expect(stdout).toContain('PostgreSQL olay günlüğü: son konum');
});
