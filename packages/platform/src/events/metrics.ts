/** Counters and gauges of one event bus: what an operator needs to see lag, retries and parked messages. */
export interface EventBusMetrics {
  service: string;
  transport: 'postgres' | 'kafka';
  /** Outbox rows handed to the transport. */
  relayed: number;
  /** Failed relay passes (transport down); the rows stay in the outbox and are retried. */
  relayErrors: number;
  /** Outbox rows not yet relayed, as of the last check. */
  outboxBacklog: number;
  /** Events whose handler committed. */
  handled: number;
  /** Deliveries the inbox recognised as already handled. */
  duplicates: number;
  /** Handler failures that were retried. */
  retries: number;
  /** Messages parked after their last attempt (dead letters). */
  parked: number;
  /** Parked messages an operator re-queued that ran successfully. */
  unparked: number;
  /** Events published but not yet processed by this service's consumer group. */
  lag: number;
  /** Partitions this process consumes: Kafka's `topic/partition`, the PG log's `event_log/partition`. */
  assignments: string[];
}

type CounterName = 'relayed' | 'relayErrors' | 'handled' | 'duplicates' | 'retries' | 'parked' | 'unparked';

export class MetricsRegistry {
  private readonly values: EventBusMetrics;
  private readonly lagByPartition = new Map<string, number>();

  constructor(service: string, transport: EventBusMetrics['transport']) {
    this.values = {
      service,
      transport,
      relayed: 0,
      relayErrors: 0,
      outboxBacklog: 0,
      handled: 0,
      duplicates: 0,
      retries: 0,
      parked: 0,
      unparked: 0,
      lag: 0,
      assignments: [],
    };
  }

  inc(name: CounterName, by = 1): void {
    this.values[name] += by;
  }

  setBacklog(rows: number): void {
    this.values.outboxBacklog = rows;
  }

  /** Lag of one partition (`kafka:topic/p` or `log:event_log/p`). */
  setLag(source: string, lag: number): void {
    this.lagByPartition.set(source, Math.max(0, lag));
    this.sumLag();
  }

  setAssignments(assignments: string[]): void {
    this.values.assignments = [...assignments].sort();
    for (const source of [...this.lagByPartition.keys()]) {
      // A partition given to another process is no longer this one's lag (`kafka:topic/p`, `log:event_log/p`).
      if (source.includes('/') && !assignments.includes(source.slice(source.indexOf(':') + 1)))
        this.lagByPartition.delete(source);
    }
    this.sumLag();
  }

  private sumLag(): void {
    let total = 0;
    for (const value of this.lagByPartition.values()) total += value;
    this.values.lag = total;
  }

  snapshot(): EventBusMetrics {
    return { ...this.values, assignments: [...this.values.assignments] };
  }
}

/** Prometheus text exposition of one or more buses' metrics (for a /metrics route or a sidecar). */
export function metricsToPrometheus(all: EventBusMetrics[]): string {
  const series: Array<[name: string, type: 'counter' | 'gauge', help: string, pick: (m: EventBusMetrics) => number]> = [
    ['events_relayed_total', 'counter', 'Outbox rows handed to the transport', (m) => m.relayed],
    ['events_relay_errors_total', 'counter', 'Failed relay passes', (m) => m.relayErrors],
    ['events_outbox_backlog', 'gauge', 'Outbox rows not yet relayed', (m) => m.outboxBacklog],
    ['events_handled_total', 'counter', 'Events handled', (m) => m.handled],
    ['events_duplicates_total', 'counter', 'Redeliveries skipped by the inbox', (m) => m.duplicates],
    ['events_retries_total', 'counter', 'Handler failures retried', (m) => m.retries],
    ['events_parked_total', 'counter', 'Messages parked after their last attempt', (m) => m.parked],
    ['events_unparked_total', 'counter', 'Parked messages re-queued and handled', (m) => m.unparked],
    ['events_consumer_lag', 'gauge', 'Events published but not yet processed by the consumer group', (m) => m.lag],
  ];
  const lines: string[] = [];
  for (const [name, type, help, pick] of series) {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const m of all) lines.push(`${name}{service="${m.service}",transport="${m.transport}"} ${pick(m)}`);
  }
  return `${lines.join('\n')}\n`;
}
