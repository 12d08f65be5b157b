/**
 * Operator CLI of the event backbone: `npm run events -- status [--json] | replay <id> | unpark <id> | prune [days]`.
 * Reads DATABASE_URL (and KAFKA_BROKERS for the Kafka lag). Turkish by default; LANG=en... for English.
 */
import { pathToFileURL } from 'node:url';
import { Kafka, logLevel } from 'kafkajs';
import type { Knex } from 'knex';
import { EVENT_TOPICS, translate, type Locale, UUID } from '@esim/contracts';
import { createDb } from '../db';
import { eventsStatus, pruneEvents, requeueParked, type EventsStatus } from './ops';

export interface CliContext {
  db: Knex;
  locale: Locale;
  out: (line: string) => void;
  kafkaBrokers?: string[];
}

/** Runs one command; returns the process exit code. */
export async function runCli(args: string[], ctx: CliContext): Promise<number> {
  const t = (code: string, params?: Record<string, string | number>) => translate(code, ctx.locale, params);
  const [command, arg] = args;
  switch (command) {
    case 'status': {
      const status = await eventsStatus(ctx.db);
      const kafka = ctx.kafkaBrokers?.length ? await kafkaLag(ctx.kafkaBrokers) : undefined;
      if (args.includes('--json')) ctx.out(JSON.stringify({ ...status, kafka }, null, 2));
      else for (const line of formatStatus(status, kafka, ctx.kafkaBrokers ?? [], t)) ctx.out(line);
      return 0;
    }
    case 'replay':
    case 'unpark': {
      if (!arg || !UUID.test(arg)) {
        ctx.out(t('events_invalid_id', { id: arg ?? '' }));
        return 2;
      }
      const requeued = await requeueParked(ctx.db, arg);
      if (!requeued.length) {
        ctx.out(t('events_not_parked', { id: arg }));
        return 1;
      }
      for (const row of requeued)
        ctx.out(t('events_requeued', { id: row.id, schema: row.schema, consumer: row.consumer }));
      return 0;
    }
    case 'prune': {
      const days = arg === undefined ? 7 : Number(arg);
      if (!Number.isInteger(days) || days < 1) {
        ctx.out(t('events_invalid_days', { days: arg ?? '' }));
        return 2;
      }
      const pruned = await pruneEvents(ctx.db, days);
      ctx.out(t('events_pruned', { days, ...pruned }));
      return 0;
    }
    default:
      ctx.out(t('events_cli_usage'));
      return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
}

type KafkaLag = { groups: Array<{ group: string; lag: number }> } | { error: string };

function formatStatus(
  status: EventsStatus,
  kafka: KafkaLag | undefined,
  brokers: string[],
  t: (code: string, params?: Record<string, string | number>) => string,
): string[] {
  const lines: string[] = [];
  for (const schema of status.schemas) {
    const oldest = schema.oldestUnpublishedAt
      ? t('events_status_oldest', { at: schema.oldestUnpublishedAt.toISOString() })
      : '';
    lines.push(t('events_status_outbox', { schema: schema.schema, count: schema.outboxBacklog, oldest }));
    if (schema.lastRelayError) lines.push(t('events_status_relay_error', { error: schema.lastRelayError }));
  }
  lines.push(t('events_status_log', { head: status.log.head }));
  if (!status.log.groups.length) lines.push(t('events_status_no_groups'));
  for (const g of status.log.groups)
    lines.push(t('events_status_group', { group: g.group, position: g.position, lag: g.lag }));
  if (kafka) {
    lines.push(t('events_status_kafka', { brokers: brokers.join(',') }));
    if ('error' in kafka) lines.push(t('events_status_kafka_unavailable', { error: kafka.error }));
    else
      for (const g of kafka.groups) lines.push(t('events_status_group', { group: g.group, position: '-', lag: g.lag }));
  }
  const parked = status.schemas.flatMap((s) => s.parked.map((p) => ({ schema: s.schema, ...p })));
  if (!parked.length) lines.push(t('events_status_parked_none'));
  else {
    lines.push(t('events_status_parked_header', { count: parked.length }));
    for (const p of parked) {
      lines.push(
        t('events_status_parked_row', {
          id: p.id,
          status: p.status,
          schema: p.schema,
          consumer: p.consumer,
          type: p.type ?? '?',
          key: p.aggregateId ?? '?',
          attempts: p.attempts,
          source: p.source,
          error: p.lastError,
        }),
      );
    }
  }
  return lines;
}

/** Lag of every consumer group on our topics (admin calls: fine on a real cluster, not on the test broker). */
async function kafkaLag(brokers: string[]): Promise<KafkaLag> {
  const admin = new Kafka({
    clientId: 'events-cli',
    brokers,
    logLevel: logLevel.NOTHING,
    retry: { retries: 1 },
  }).admin();
  try {
    await admin.connect();
    const existing = new Set(await admin.listTopics());
    const topics = EVENT_TOPICS.filter((topic) => existing.has(topic));
    const ends = new Map<string, number>();
    for (const topic of topics) {
      for (const p of await admin.fetchTopicOffsets(topic)) ends.set(`${topic}/${p.partition}`, Number(p.high));
    }
    const groups: Array<{ group: string; lag: number }> = [];
    for (const { groupId } of (await admin.listGroups()).groups) {
      let lag = 0;
      for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
        for (const p of partitions) {
          const end = ends.get(`${topic}/${p.partition}`) ?? 0;
          lag += Number(p.offset) < 0 ? end : Math.max(0, end - Number(p.offset));
        }
      }
      groups.push({ group: groupId, lag });
    }
    return { groups };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

function localeFromEnv(env: NodeJS.ProcessEnv): Locale {
  const lang = env.EVENTS_LANG ?? env.LC_ALL ?? env.LC_MESSAGES ?? env.LANG ?? '';
  return lang.toLowerCase().startsWith('en') ? 'en' : 'tr';
}

async function main(): Promise<void> {
  const db = createDb(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esim', 'platform', 2);
  try {
    const code = await runCli(process.argv.slice(2), {
      db,
      locale: localeFromEnv(process.env),
      out: (line) => console.log(line),
      kafkaBrokers: process.env.KAFKA_BROKERS?.split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    });
    process.exitCode = code;
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
