import pg from 'pg';
import type { EventLogger } from './logger';

/**
 * One dedicated connection that LISTENs on the bus's channels (a pooled connection cannot: the
 * pool would hand it to someone else). On a lost connection it reconnects with back-off and calls
 * `onReconnect`, because notifications sent meanwhile are gone and the loops must look for themselves.
 */
export class NotifyListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(
    private readonly options: {
      url: string;
      channels: string[];
      onNotify: (channel: string, payload: string) => void;
      onReconnect: () => void;
      logger: EventLogger;
    },
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url });
    client.on('notification', (message) => this.options.onNotify(message.channel, message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      for (const channel of this.options.channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.failures = 0;
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    this.options.logger.warn({ err: error }, 'event bus: LISTEN connection lost, reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = Math.min(10_000, 200 * 2 ** this.failures++);
    this.retryTimer = setTimeout(() => {
      this.connect()
        .then(() => this.options.onReconnect())
        .catch((error: Error) => {
          this.options.logger.warn({ err: error }, 'event bus: LISTEN reconnect failed');
          this.scheduleReconnect();
        });
    }, delay);
  }
}
