import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { waitFor } from '@esim/platform/testing';
import { freePortRange } from '../../infra/test/helpers/scripts';

/**
 * A redis-server of the fault run's own (no persistence: a restart loses everything, as a crash
 * of a cache-only Redis does), so restarting it never touches the Redis other tests share.
 */
export class OwnRedis {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePortRange(1));
    await redis.launch();
    return redis;
  }

  private async launch(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    child.once('error', () => undefined);
    await waitFor(() => this.pings(), { timeoutMs: 10_000, intervalMs: 50, what: `redis-server on port ${this.port}` });
  }

  private async pings(): Promise<boolean> {
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    // A refused connection is the answer here (not up yet), not an error to report.
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  }

  /** SIGKILL, a pause with nothing listening, then a fresh empty server on the same port. */
  async restart(downMs: number): Promise<void> {
    await this.kill();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.launch();
  }

  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
}
