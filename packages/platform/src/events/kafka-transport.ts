import {
  Kafka,
  logLevel,
  Partitioners,
  type Consumer,
  type ICustomPartitioner,
  type LogEntry,
  type Producer,
} from 'kafkajs';
import type { Knex } from 'knex';
import type { EventConsumer } from './consumer';
import type { EventLogger } from './logger';
import type { MetricsRegistry } from './metrics';
import type { OutboxRow, OutboxSink } from './outbox-relay';
import { backoffMs, type EventBusSettings } from './settings';
import type { Transport } from './transport';

/**
 * kafkajs transport (KAFKA_BROKERS set): topic per domain entity, key = aggregate id (so one
 * aggregate's events land on one partition, in order), consumer group = service. Deliberately no
 * admin calls and no idempotent / transactional producer at runtime: topics are created by
 * `infra/src/kafka-topics.ts`, and a republished message is deduped by the consumer's inbox.
 */
export class KafkaTransport implements Transport {
  readonly name = 'kafka' as const;
  readonly channels: string[] = [];
  readonly sink: OutboxSink;
  private readonly kafka: Kafka;
  private producer: Producer | undefined;
  private producerReady: Promise<Producer> | undefined;
  private readonly consumers: KafkaGroupConsumer[] = [];

  constructor(
    private readonly options: {
      brokers: string[];
      clientId: string;
      settings: EventBusSettings;
      metrics: MetricsRegistry;
      logger: EventLogger;
    },
  ) {
    const { logger, settings } = options;
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      connectionTimeout: 3_000,
      retry: { retries: settings.kafka.retries, initialRetryTime: 100, maxRetryTime: 2_000 },
      logLevel: logLevel.WARN,
      logCreator: () => (entry: LogEntry) => {
        const { message, ...extra } = entry.log;
        const line = { kafka: entry.namespace, ...extra };
        if (entry.level <= logLevel.ERROR) logger.error(line, `kafka: ${message}`);
        else logger.warn(line, `kafka: ${message}`);
      },
    });
    this.sink = { deliver: (_trx: Knex.Transaction, rows: OutboxRow[]) => this.send(rows) };
  }

  /** Sends one relay batch; resolves when every partition leader acknowledged it (acks = all). */
  private async send(rows: OutboxRow[]): Promise<void> {
    const producer = await this.connectedProducer();
    const byTopic = new Map<string, Array<{ key: string; value: string; headers: Record<string, string> }>>();
    for (const row of rows) {
      const messages = byTopic.get(row.topic) ?? [];
      messages.push({
        key: row.aggregate_id,
        value: JSON.stringify(row.envelope),
        headers: { 'event-id': row.event_id, 'event-type': row.type },
      });
      byTopic.set(row.topic, messages);
    }
    const written = await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
    // kafkajs 2.2 can resolve without having written everything: when a NOT_LEADER retry moves a
    // partition to a broker that already answered, that partition's messages are silently skipped.
    // Check every partition we wrote to acknowledged; otherwise fail, so the rows stay in the outbox.
    const acknowledged = new Set(written.map((r) => `${r.topicName}/${r.partition}`));
    const missing = [...byTopic].flatMap(([topic, messages]) =>
      messages
        .map((message) => `${topic}/${this.partitionOf(topic, message.key)}`)
        .filter((tp) => !acknowledged.has(tp)),
    );
    if (missing.length)
      throw new Error(`kafka did not acknowledge ${[...new Set(missing)].join(', ')}; the batch will be sent again`);
  }

  /** Partition counts seen by the producer's partitioner, to recompute where each key went. */
  private readonly partitionCounts = new Map<string, number>();
  private readonly keyPartitioner = Partitioners.DefaultPartitioner();

  private partitionOf(topic: string, key: string): number {
    const count = this.partitionCounts.get(topic) ?? 1;
    const partitionMetadata = Array.from({ length: count }, (_, partitionId) => ({
      partitionId,
      leader: 0,
      partitionErrorCode: 0,
      replicas: [],
      isr: [],
    }));
    return this.keyPartitioner({ topic, partitionMetadata, message: { key, value: null } });
  }

  /** The default (murmur2, Java-compatible) partitioner, noting each topic's partition count on the way. */
  private readonly recordingPartitioner: ICustomPartitioner = () => {
    const partition = Partitioners.DefaultPartitioner();
    return (args) => {
      this.partitionCounts.set(args.topic, args.partitionMetadata.length);
      return partition(args);
    };
  };

  private connectedProducer(): Promise<Producer> {
    this.producerReady ??= (async () => {
      // One request in flight: a retried request can never overtake a later one (order per key).
      const producer = this.kafka.producer({
        allowAutoTopicCreation: false,
        idempotent: false,
        maxInFlightRequests: 1,
        createPartitioner: this.recordingPartitioner,
      });
      await producer.connect();
      this.producer = producer;
      return producer;
    })().catch((error: unknown) => {
      this.producerReady = undefined;
      throw error;
    });
    return this.producerReady;
  }

  async startConsumer(consumer: EventConsumer, group: string, topics: string[]): Promise<void> {
    const groupConsumer = new KafkaGroupConsumer(this.kafka, consumer, group, topics, this.options);
    this.consumers.push(groupConsumer);
    await groupConsumer.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.consumers.splice(0).map((consumer) => consumer.stop()));
    this.options.metrics.setAssignments([]);
    const producer = this.producer;
    this.producer = undefined;
    this.producerReady = undefined;
    await producer?.disconnect().catch(() => {});
  }
}

/**
 * One consumer group member. kafkajs restarts itself after retriable errors, but gives up for good
 * on a non-retriable one (e.g. a SyncGroup refused mid-rebalance): then this builds a fresh member
 * and joins again, with back-off, so a service never silently stops consuming.
 */
class KafkaGroupConsumer {
  private current: Consumer | undefined;
  private stopped = false;
  private restarts = 0;
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly kafka: Kafka,
    private readonly consumer: EventConsumer,
    private readonly group: string,
    private readonly topics: string[],
    private readonly options: { settings: EventBusSettings; metrics: MetricsRegistry; logger: EventLogger },
  ) {}

  async start(): Promise<void> {
    const { settings, metrics, logger } = this.options;
    const group = this.group;
    const member = this.kafka.consumer({
      groupId: group,
      sessionTimeout: settings.kafka.sessionTimeout,
      heartbeatInterval: settings.kafka.heartbeatInterval,
      maxWaitTimeInMs: settings.kafka.maxWaitTimeInMs,
      allowAutoTopicCreation: false,
      retry: { retries: settings.kafka.retries, initialRetryTime: 100, maxRetryTime: 2_000 },
    });
    this.current = member;
    member.on(member.events.GROUP_JOIN, (event) => {
      this.restarts = 0;
      const assignments = Object.entries(event.payload.memberAssignment).flatMap(([topic, partitions]) =>
        partitions.map((partition) => `${topic}/${partition}`),
      );
      metrics.setAssignments(assignments);
      logger.info({ group, assignments }, 'kafka consumer joined its group');
    });
    member.on(member.events.END_BATCH_PROCESS, (event) => {
      metrics.setLag(`kafka:${event.payload.topic}/${event.payload.partition}`, Number(event.payload.offsetLag));
    });
    member.on(member.events.CRASH, (event) => {
      metrics.setAssignments([]);
      logger.error({ err: event.payload.error, group, restart: event.payload.restart }, 'kafka consumer crashed');
      if (!event.payload.restart && member === this.current) this.scheduleRestart();
    });
    await member.connect();
    // A group seen for the first time starts at the beginning, as the PG log does: nothing published before is missed.
    await member.subscribe({ topics: this.topics, fromBeginning: true });
    await member.run({
      // Offsets are resolved only after the transaction that settled the messages committed; kafkajs
      // commits resolved offsets after each batch. A crash in between redelivers; the inbox dedupes.
      autoCommit: true,
      eachBatchAutoResolve: false,
      // Partitions are independent (a key lives on one): their transactions may commit side by side.
      partitionsConsumedConcurrently: this.options.settings.kafka.partitionsConcurrently,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        const size = this.options.settings.consumerBatchSize;
        for (let i = 0; i < batch.messages.length; i += size) {
          if (!isRunning() || isStale()) return;
          const chunk = batch.messages.slice(i, i + size);
          await this.consumer.handleBatch(
            chunk.map((message) => ({
              message: message.value ?? 'null',
              topic: batch.topic,
              source: `kafka:${batch.topic}/${batch.partition}@${message.offset}`,
            })),
          );
          resolveOffset(chunk[chunk.length - 1]!.offset);
          await heartbeat();
        }
      },
    });
  }

  private scheduleRestart(): void {
    if (this.stopped) return;
    const delay = backoffMs(this.restarts++, 500, 10_000);
    const old = this.current;
    this.current = undefined;
    this.restartTimer = setTimeout(() => {
      void (async () => {
        await old?.disconnect().catch(() => {});
        if (this.stopped) return;
        try {
          await this.start();
        } catch (error) {
          this.options.logger.error({ err: error, group: this.group }, 'kafka consumer could not rejoin, retrying');
          this.scheduleRestart();
        }
      })();
    }, delay);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const member = this.current;
    this.current = undefined;
    await member?.disconnect().catch(() => {});
  }
}
