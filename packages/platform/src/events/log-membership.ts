import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventLogger } from './logger';

/**
 * Partitions of the PostgreSQL event log. An event's partition is a hash of its key (the aggregate
 * id), so one aggregate's events share one partition and keep their order. Changing this number
 * moves keys between partitions; see docs/architecture/events.md before doing so.
 */
export const EVENT_LOG_PARTITIONS = 16;

/** The partition of a key, as SQL over a text expression (the relay computes it when appending). */
export const partitionSql = (key: string) => `mod(hashtext(${key}) & 2147483647, ${EVENT_LOG_PARTITIONS})`;

/** Partition p goes to the member at index p mod n of the live members sorted by id. */
export function partitionsOf(members: string[], me: string): number[] {
  const sorted = [...members].sort();
  const index = sorted.indexOf(me);
  if (index < 0) return [];
  return Array.from({ length: EVENT_LOG_PARTITIONS }, (_, p) => p).filter((p) => p % sorted.length === index);
}

/**
 * One process's membership of a consumer group on the PostgreSQL log: it beats every
 * `heartbeatMs` in `platform.consumer_members`, and takes its share of the partitions among the
 * members that beat within `timeoutMs`. A member that stops leaves at once; one that dies is
 * dropped once its beat is too old, and the others take its partitions over. Two members briefly
 * reading one partition during a change is harmless: the offset row's lock lets one settle each event.
 */
export class LogMembership {
  readonly memberId = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private owned: number[] = [];
  private beating: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly options: {
      db: Knex;
      group: string;
      heartbeatMs: number;
      timeoutMs: number;
      logger: EventLogger;
      /** Called when this member's partitions change. */
      onChange(partitions: number[]): void;
    },
  ) {}

  get partitions(): number[] {
    return this.owned;
  }

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => {
      this.beating ??= this.beat()
        .catch((error: unknown) =>
          this.options.logger.warn({ err: error, group: this.options.group }, 'event log group heartbeat failed'),
        )
        .finally(() => (this.beating = undefined));
    }, this.options.heartbeatMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
    this.set([]);
    await this.options.db
      .raw('DELETE FROM platform.consumer_members WHERE group_id = ? AND member_id = ?', [
        this.options.group,
        this.memberId,
      ])
      .catch(() => {});
  }

  /** Marks this member alive, forgets dead ones, and takes this member's share of the partitions. */
  private async beat(): Promise<void> {
    const { db, group, timeoutMs } = this.options;
    const result = await db.raw(
      `WITH beat AS (
              INSERT INTO platform.consumer_members (group_id, member_id) VALUES (?, ?)
              ON CONFLICT (group_id, member_id) DO UPDATE SET seen_at = now() RETURNING member_id),
            gone AS (
              DELETE FROM platform.consumer_members WHERE group_id = ? AND seen_at < now() - make_interval(secs => ?) RETURNING 1)
       SELECT member_id::text AS id FROM platform.consumer_members WHERE group_id = ? AND seen_at >= now() - make_interval(secs => ?)
       UNION SELECT member_id::text FROM beat`,
      [group, this.memberId, group, timeoutMs / 1000, group, timeoutMs / 1000],
    );
    if (this.stopped) return;
    this.set(
      partitionsOf(
        (result.rows as Array<{ id: string }>).map((row) => row.id),
        this.memberId,
      ),
    );
  }

  private set(partitions: number[]): void {
    if (partitions.join() === this.owned.join()) return;
    this.owned = partitions;
    this.options.onChange(partitions);
  }
}
