import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { eventDefinition, eventEnvelopeSchema, type EventEnvelope } from '@esim/contracts';
import type { EventLogger } from './logger';
import type { MetricsRegistry } from './metrics';
import { backoffMs, type EventBusSettings } from './settings';
import type { EventBatchHandler, EventHandler, RegisteredHandler } from './types';

/** One message as a transport hands it over. */
export interface Delivery {
  /** The message as the transport carries it: an envelope object, or its JSON text. */
  message: unknown;
  topic: string;
  /** Where it came from, for logs and parked rows: `log:<position>` or `kafka:<topic>/<partition>@<offset>`. */
  source: string;
  /** Replaces "insert a parked row" (a re-queued message goes back to the row it came from). */
  park?: (trx: Knex.Transaction, failure: ParkedFailure) => Promise<void>;
}

/** How a transport ties the consumer's transactions to its own bookkeeping. */
export interface SettleHooks<D extends Delivery = Delivery> {
  /**
   * First statement of every transaction: which of these deliveries are still unsettled. The PG log
   * locks its offset row here and drops what another process of the service already settled.
   */
  pending?(trx: Knex.Transaction, deliveries: D[]): Promise<D[]>;
  /** Last statement of a transaction that settled these deliveries (the PG log advances its offsets). */
  settled?(trx: Knex.Transaction, settled: D[]): Promise<void>;
  /**
   * Deliveries in one batch that come from independent streams (the PG log's partitions). Without it
   * a failing delivery is retried in place and everything after it waits. With it, only the later
   * deliveries of the failing one's stream leave the batch, the rest is settled, and `hold` takes the
   * failing delivery to retry it on its own (with `retryFailed`), so other streams keep flowing.
   * It may be called again for an earlier delivery of a stream already held (the later one failed
   * only because an earlier handler broke the transaction): the earlier one is then the one to retry.
   */
  streams?: { of(delivery: D): number | string; hold(delivery: D, error: unknown): void };
}

export interface ParkedFailure {
  consumer: string;
  envelope: unknown;
  topic: string;
  source: string;
  attempts: number;
  error: string;
}

/** handled: effect committed · duplicate: the inbox had it · ignored: no handler for its type. */
type Outcome = 'handled' | 'duplicate' | 'ignored';

/** Thrown out of `handle` when the bus stops mid-retry: the delivery is left unsettled and comes again. */
export class ConsumerStoppedError extends Error {
  constructor() {
    super('event consumer stopped');
  }
}

/** SQLSTATE 25P02: a statement was sent after an earlier one failed in the same transaction. */
const IN_FAILED_TRANSACTION = '25P02';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A handler threw: the batch's transaction is rolled back, and this says which delivery it was. */
class HandlerFailure extends Error {
  constructor(
    readonly delivery: Delivery,
    readonly error: unknown,
  ) {
    super(errorText(error));
  }
}

/** A run handler failed on several events at once: the batch is retried one event at a time. */
class RunFailure extends Error {}

interface Parked {
  delivery: Delivery;
  envelope: unknown;
  attempts: number;
  error: string;
  cause?: unknown;
}

/**
 * The transport-agnostic half of consuming. A batch of deliveries is settled in ONE transaction:
 * one bulk insert into the inbox (what it already holds is a redelivery and is skipped), every new
 * event's handler on that transaction (a run handler once per run of consecutive events of its type), then the transport's offset; one commit covers it all (a
 * commit costs a disk flush, per event that would cap throughput at a few hundred a second).
 * Effects and inbox rows therefore always commit together. When a handler throws, the batch rolls
 * back; the events before it are settled again (they succeeded), the failing one is retried alone
 * with back-off and parked after its last attempt, and the stream moves on.
 */
export class EventConsumer {
  private readonly abort = new AbortController();

  constructor(
    private readonly options: {
      db: Knex;
      /** Consumer group, also the inbox's `consumer` column. */
      consumer: string;
      handlers: ReadonlyMap<string, RegisteredHandler>;
      settings: EventBusSettings;
      metrics: MetricsRegistry;
      logger: EventLogger;
    },
  ) {}

  /** Ends retry waits at once; in-flight handlers finish. */
  stop(): void {
    this.abort.abort();
  }

  get types(): string[] {
    return [...this.options.handlers.keys()];
  }

  /** Settles every delivery, in order. Resolves when all are handled, deduped, ignored, parked or held. */
  async handleBatch<D extends Delivery>(deliveries: D[], hooks: SettleHooks<D> = {}): Promise<void> {
    const streams = hooks.streams;
    let rest = deliveries;
    while (rest.length) {
      if (this.abort.signal.aborted) throw new ConsumerStoppedError();
      const failure = await this.settle(rest, hooks, 0);
      if (!failure) return;
      if (failure === 'split') {
        // Some handler swallowed an SQL error and left the transaction aborted, or a run handler
        // failed on several events: find the one at fault one by one.
        const stopped = new Set<number | string>();
        for (const delivery of rest) {
          if (streams && stopped.has(streams.of(delivery))) continue;
          const single = await this.settle([delivery], hooks, 0);
          if (single === undefined) continue;
          const error = single === 'split' ? new Error('the handler failed') : single.error;
          if (!streams) await this.retryFailed(delivery, error, hooks);
          else {
            stopped.add(streams.of(delivery));
            streams.hold(delivery, error);
          }
        }
        return;
      }
      const index = rest.indexOf(failure.delivery as D);
      if (streams) {
        // Only the failing delivery's stream waits: it and what follows it in its stream leave the
        // batch; the stream's earlier ones stay (they succeeded, or one of them is the real culprit).
        const stream = streams.of(failure.delivery as D);
        streams.hold(failure.delivery as D, failure.error);
        rest = rest.filter((delivery, i) => i < index || streams.of(delivery) !== stream);
        continue;
      }
      // The ones before it succeeded inside the rolled-back transaction: settle them again first.
      await this.handleBatch(rest.slice(0, index), hooks);
      await this.retryFailed(rest[index]!, failure.error, hooks);
      rest = rest.slice(index + 1);
    }
  }

  /** One delivery, alone. */
  async handle<D extends Delivery>(delivery: D, hooks: SettleHooks<D> = {}): Promise<void> {
    await this.handleBatch([delivery], hooks);
  }

  /** Runs a batch in one transaction. Returns the handler failure that rolled it back, if any. */
  private async settle<D extends Delivery>(
    batch: D[],
    hooks: SettleHooks<D>,
    attempt: number,
  ): Promise<HandlerFailure | 'split' | undefined> {
    const outcomes: Outcome[] = [];
    const parked: Parked[] = [];
    try {
      await this.options.db.transaction(async (trx) => {
        const unhandled = hooks.pending ? await hooks.pending(trx, batch) : batch;
        if (!unhandled.length) return;
        const runs: Array<{ delivery: D; event: EventEnvelope; handler: RegisteredHandler }> = [];
        for (const delivery of unhandled) {
          const checked = this.check(delivery);
          if ('parked' in checked) parked.push(checked.parked);
          else if ('ignored' in checked) outcomes.push('ignored');
          else runs.push({ delivery, ...checked });
        }
        const fresh = await this.claimInbox(
          trx,
          runs.map((run) => run.event),
        );
        for (let i = 0; i < runs.length;) {
          const run = runs[i]!;
          // An id seen twice in one batch (a republished row) is handled once: the first one takes it.
          if (!fresh.delete(run.event.id)) {
            outcomes.push('duplicate');
            i += 1;
            continue;
          }
          if ('one' in run.handler) {
            try {
              await run.handler.one(run.event as Parameters<EventHandler>[0], { trx, attempt });
            } catch (error) {
              throw new HandlerFailure(run.delivery, error);
            }
            outcomes.push('handled');
            i += 1;
            continue;
          }
          // A run handler takes the fresh events of its type that follow one another, in order.
          const group = [run];
          for (
            i += 1;
            i < runs.length && runs[i]!.event.type === run.event.type && fresh.delete(runs[i]!.event.id);
            i += 1
          )
            group.push(runs[i]!);
          try {
            await run.handler.many(group.map((g) => g.event) as Parameters<EventBatchHandler>[0], { trx, attempt });
          } catch (error) {
            // Which of them is at fault is unknown: each is then tried alone.
            if (group.length > 1) throw new RunFailure();
            throw new HandlerFailure(run.delivery, error);
          }
          outcomes.push(...group.map(() => 'handled' as const));
        }
        for (const p of parked) await (p.delivery.park ?? insertParked)(trx, this.failureOf(p));
        // Always one statement after the handlers: PostgreSQL answers COMMIT of an aborted transaction
        // with a silent rollback, so a handler that swallowed an SQL error must be caught here.
        if (hooks.settled) await hooks.settled(trx, unhandled);
        else await trx.raw('SELECT 1');
      });
    } catch (error) {
      if (error instanceof HandlerFailure) return error;
      if (error instanceof RunFailure) return 'split';
      if ((error as { code?: string }).code === IN_FAILED_TRANSACTION) {
        return batch.length === 1
          ? new HandlerFailure(
              batch[0]!,
              new Error('the handler left its transaction aborted (it caught an SQL error)'),
            )
          : 'split';
      }
      throw error;
    }
    this.count(outcomes, parked);
    return undefined;
  }

  /** Attempts 2..N of a delivery whose handler failed, each alone in its transaction; then parks it. */
  async retryFailed<D extends Delivery>(delivery: D, firstError: unknown, hooks: SettleHooks<D>): Promise<void> {
    const { settings, logger, metrics, consumer } = this.options;
    const envelope = envelopeOf(delivery);
    let error = firstError;
    for (let attempt = 1; attempt < settings.maxAttempts; attempt++) {
      metrics.inc('retries');
      const delay = backoffMs(attempt - 1, settings.retryBaseMs, settings.retryMaxMs);
      logger.warn(
        {
          err: error,
          consumer,
          eventId: envelope?.id,
          type: envelope?.type,
          source: delivery.source,
          attempt,
          retryInMs: delay,
        },
        'event handler failed, retrying',
      );
      try {
        await sleep(delay, undefined, { signal: this.abort.signal });
      } catch {
        throw new ConsumerStoppedError();
      }
      const failure = await this.settle([delivery], hooks, attempt);
      if (!failure) return;
      error = failure === 'split' ? error : failure.error;
    }
    const last: Parked = {
      delivery,
      envelope: envelope ?? delivery.message,
      attempts: settings.maxAttempts,
      error: errorText(error),
      cause: error,
    };
    const parked = await this.options.db.transaction(async (trx) => {
      const unhandled = hooks.pending ? await hooks.pending(trx, [delivery]) : [delivery];
      if (!unhandled.length) return false;
      await (delivery.park ?? insertParked)(trx, this.failureOf(last));
      await hooks.settled?.(trx, [delivery]);
      return true;
    });
    if (parked) this.count([], [last]);
  }

  /** Decodes and validates a delivery: runnable, not ours, or poison (parked without retries: it cannot get better). */
  private check(
    delivery: Delivery,
  ): { event: EventEnvelope; handler: RegisteredHandler } | { ignored: true } | { parked: Parked } {
    const decoded = decode(delivery.message);
    if (!decoded.ok) return { parked: { delivery, envelope: decoded.envelope, attempts: 1, error: decoded.error } };
    const event = decoded.envelope;
    const handler = this.options.handlers.get(event.type);
    if (!handler) return { ignored: true };
    const definition = eventDefinition(event.type);
    const payload = definition?.payload.safeParse(event.payload);
    if (!payload?.success) {
      const why = payload ? errorText(payload.error) : 'unknown type';
      return {
        parked: {
          delivery,
          envelope: event,
          attempts: 1,
          error: `payload does not match ${event.type} v${definition?.version ?? '?'}: ${why}`,
        },
      };
    }
    // The payload now matches its type's schema (with its defaults applied), as the handler's signature promises.
    return { event: { ...event, payload: payload.data }, handler };
  }

  /** One statement for the whole batch: inserts the inbox rows, returns the ids that were not there yet. */
  private async claimInbox(trx: Knex.Transaction, events: EventEnvelope[]): Promise<Set<string>> {
    if (!events.length) return new Set();
    const result = await trx.raw(
      `INSERT INTO inbox (consumer, event_id, type)
       SELECT ?, e.id, e.type FROM unnest(?::uuid[], ?::text[]) AS e(id, type)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [this.options.consumer, events.map((e) => e.id), events.map((e) => e.type)],
    );
    return new Set((result.rows as Array<{ event_id: string }>).map((row) => row.event_id));
  }

  private failureOf(p: Parked): ParkedFailure {
    return {
      consumer: this.options.consumer,
      envelope: p.envelope,
      topic: p.delivery.topic,
      source: p.delivery.source,
      attempts: p.attempts,
      error: p.error,
    };
  }

  /** Metrics and log lines, once the transaction committed (a rolled-back batch counts nothing). */
  private count(outcomes: Outcome[], parked: Parked[]): void {
    const { metrics, logger, consumer } = this.options;
    for (const outcome of outcomes) {
      if (outcome === 'handled') metrics.inc('handled');
      else if (outcome === 'duplicate') metrics.inc('duplicates');
    }
    for (const p of parked) {
      metrics.inc('parked');
      const event = p.envelope as Partial<EventEnvelope> | null;
      logger.error(
        {
          err: p.cause,
          consumer,
          eventId: event?.id,
          type: event?.type,
          source: p.delivery.source,
          attempts: p.attempts,
          error: p.error,
        },
        'event parked: see `npm run events -- status`, then `unpark <id>` once the cause is fixed',
      );
    }
  }
}

type Decoded = { ok: true; envelope: EventEnvelope } | { ok: false; envelope: unknown; error: string };

function decode(message: unknown): Decoded {
  let value = message;
  if (typeof message === 'string' || Buffer.isBuffer(message)) {
    const text = message.toString();
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, envelope: { raw: text }, error: 'message is not JSON' };
    }
  }
  const parsed = eventEnvelopeSchema.safeParse(value);
  if (!parsed.success)
    return { ok: false, envelope: value ?? null, error: `not an event envelope: ${errorText(parsed.error)}` };
  return { ok: true, envelope: parsed.data as EventEnvelope };
}

function envelopeOf(delivery: Delivery): EventEnvelope | undefined {
  const decoded = decode(delivery.message);
  return decoded.ok ? decoded.envelope : undefined;
}

async function insertParked(trx: Knex.Transaction, failure: ParkedFailure): Promise<void> {
  const event = (failure.envelope ?? {}) as Partial<EventEnvelope>;
  const isUuid = typeof event.id === 'string' && /^[0-9a-f-]{36}$/i.test(event.id);
  await trx('parked_events').insert({
    consumer: failure.consumer,
    event_id: isUuid ? event.id : null,
    type: typeof event.type === 'string' ? event.type : null,
    topic: failure.topic,
    aggregate_id: typeof event.aggregateId === 'string' ? event.aggregateId : null,
    envelope: JSON.stringify(failure.envelope ?? null),
    source: failure.source,
    attempts: failure.attempts,
    last_error: failure.error.slice(0, 4000),
  });
}
