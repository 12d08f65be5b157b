/**
 * Node helper for kafka-test-broker (see README.md): builds the C binary on
 * demand, starts it, and drives its stdin/stdout control protocol.
 *
 * Only Node built-ins are used so any workspace can import this file
 * without adding dependencies.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface KafkaTestBroker {
  /** host:port of every mock broker, for kafkajs `brokers`. */
  bootstrap: string[];
  /** Drops the broker's connections and refuses new ones. Partition leadership does not move. */
  brokerDown(id: number): Promise<void>;
  brokerUp(id: number): Promise<void>;
  /** Moves a partition's leadership; brokerId -1 makes it leaderless. */
  setLeader(topic: string, partition: number, brokerId: number): Promise<void>;
  createTopic(name: string, partitions: number): Promise<void>;
  /** Asks the broker to quit, kills it after 3 s. Safe to call twice. */
  stop(): Promise<void>;
}

export interface KafkaTestBrokerOptions {
  /** Number of brokers, ids 1..N. Default 3. */
  brokers?: number;
  /** Topics to create before the bootstrap list is returned. Default 3 partitions each. */
  topics?: Array<{ name: string; partitions?: number }>;
}

const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE = join(HERE, 'kafka-test-broker.c');
const BUILD_DIR = join(HERE, 'build');
const BINARY = join(BUILD_DIR, 'kafka-test-broker');
const INSTALL_HINT = 'apt-get install -y gcc libc6-dev librdkafka-dev';

const STARTUP_TIMEOUT_MS = 10_000;
const COMMAND_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 3_000;

/** One build per process, however many suites start brokers at once. */
let building: Promise<string> | undefined;

/**
 * Compiles the broker into build/ (gitignored) if it is missing or older than
 * the C source, and returns the binary's path.
 */
export async function ensureKafkaTestBrokerBuilt(): Promise<string> {
  building ??= build().finally(() => {
    building = undefined;
  });
  return building;
}

async function build(): Promise<string> {
  const [src, bin] = await Promise.all([stat(SOURCE), stat(BINARY).catch(() => undefined)]);
  if (bin && bin.mtimeMs >= src.mtimeMs) return BINARY;

  await mkdir(BUILD_DIR, { recursive: true });
  // Compile to a unique name and rename: other processes (parallel test
  // workers) may be building or running the binary at the same moment.
  const tmp = `${BINARY}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const args = ['-O2', '-Wall', '-Wextra', '-o', tmp, SOURCE, '-lrdkafka'];
  let result: { code: number | null; output: string };
  try {
    result = await run('gcc', args);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`kafka-test-broker: gcc not found. Install the build deps: ${INSTALL_HINT}`);
    }
    throw err;
  }
  if (result.code !== 0) {
    await rm(tmp, { force: true });
    const missingLib = /rdkafka(_mock)?\.h|-lrdkafka|cannot find -l/.test(result.output);
    throw new Error(
      `kafka-test-broker: compiling ${SOURCE} failed` +
        (missingLib ? ` (librdkafka headers/library missing; run: ${INSTALL_HINT})` : '') +
        `:\n${result.output}`,
    );
  }
  await rename(tmp, BINARY);
  return BINARY;
}

function run(cmd: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Starts a mock cluster and resolves once it accepts connections. */
export async function startKafkaTestBroker(opts: KafkaTestBrokerOptions = {}): Promise<KafkaTestBroker> {
  const binary = await ensureKafkaTestBrokerBuilt();
  const args: string[] = [];
  if (opts.brokers !== undefined) {
    args.push('--brokers', String(positiveInt(opts.brokers, 'brokers')));
  }
  for (const t of opts.topics ?? []) {
    args.push('--topic', `${word(t.name, 'topic name')}:${positiveInt(t.partitions ?? 3, 'partitions')}`);
  }

  const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  return new Controller(child).started();
}

/** Guards the line protocol: a space or newline would split a command. */
function word(value: string, what: string): string {
  if (!/^[^\s]+$/.test(value)) throw new Error(`kafka-test-broker: invalid ${what}: ${JSON.stringify(value)}`);
  return value;
}

function positiveInt(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`kafka-test-broker: invalid ${what}: ${value}`);
  return value;
}

function int(value: number, what: string): number {
  if (!Number.isInteger(value)) throw new Error(`kafka-test-broker: invalid ${what}: ${value}`);
  return value;
}

type Waiter = { resolve: (line: string) => void; reject: (err: Error) => void };

class Controller implements KafkaTestBroker {
  bootstrap: string[] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly exited: Promise<void>;
  private exitInfo: string | undefined;
  private stderrTail = '';
  /** Who gets the next stdout line: the startup wait, then one command at a time. */
  private waiter: Waiter | undefined;
  /** Commands are chained so that replies pair up with requests. */
  private queue: Promise<unknown> = Promise.resolve();
  private stopping: Promise<void> | undefined;

  constructor(child: ChildProcessWithoutNullStreams) {
    this.child = child;
    child.stdin.on('error', () => {
      // EPIPE when the broker died; the exit handler reports it.
    });
    child.stderr.on('data', (d: Buffer) => {
      // Kept only to explain failures; librdkafka logs are otherwise noise.
      this.stderrTail = (this.stderrTail + d.toString()).slice(-4000);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const w = this.waiter;
      this.waiter = undefined;
      w?.resolve(line);
    });
    this.exited = new Promise((resolve) => {
      const done = (info: string) => {
        this.exitInfo ??= info;
        this.waiter?.reject(this.error(`exited (${this.exitInfo})`));
        this.waiter = undefined;
        resolve();
      };
      // 'close', not 'exit': it waits for stderr, which explains a failed start.
      child.on('close', (code, signal) => done(signal ? `signal ${signal}` : `code ${code}`));
      child.on('error', (err) => done(err.message));
    });
  }

  async started(): Promise<this> {
    try {
      const line = await this.nextLine(STARTUP_TIMEOUT_MS, 'waiting for the BOOTSTRAP line');
      const m = /^BOOTSTRAP (\S+)$/.exec(line);
      if (!m?.[1]) throw this.error(`unexpected first line: ${JSON.stringify(line)}`);
      this.bootstrap = m[1].split(',');
      return this;
    } catch (err) {
      await this.stop();
      throw err;
    }
  }

  // async: a bad argument becomes a rejection, not a synchronous throw.
  async brokerDown(id: number): Promise<void> {
    return this.command(`down ${int(id, 'broker id')}`);
  }

  async brokerUp(id: number): Promise<void> {
    return this.command(`up ${int(id, 'broker id')}`);
  }

  async setLeader(topic: string, partition: number, brokerId: number): Promise<void> {
    return this.command(`leader ${word(topic, 'topic')} ${int(partition, 'partition')} ${int(brokerId, 'broker id')}`);
  }

  async createTopic(name: string, partitions: number): Promise<void> {
    return this.command(`topic ${word(name, 'topic name')} ${positiveInt(partitions, 'partitions')}`);
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await this.queue; // let a command in flight get its reply
      if (this.exitInfo === undefined) {
        // `quit`, and the EOF after it, both make the broker exit cleanly.
        this.child.stdin.end('quit\n');
        const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_GRACE_MS);
        await this.exited;
        clearTimeout(timer);
      }
    })();
    return this.stopping;
  }

  private command(cmd: string): Promise<void> {
    const result = this.queue.then(async () => {
      if (this.stopping || this.exitInfo !== undefined) throw this.error(`cannot run "${cmd}": broker stopped`);
      const reply = this.nextLine(COMMAND_TIMEOUT_MS, `waiting for the reply to "${cmd}"`);
      this.child.stdin.write(`${cmd}\n`);
      const line = await reply;
      if (line.startsWith('OK')) return;
      throw this.error(`"${cmd}" failed: ${line.replace(/^ERR /, '')}`);
    });
    // A failed command must not block the ones queued after it.
    this.queue = result.catch(() => undefined);
    return result;
  }

  private nextLine(timeoutMs: number, what: string): Promise<string> {
    return new Promise((resolve, reject) => {
      if (this.exitInfo !== undefined) {
        reject(this.error(`exited (${this.exitInfo}) ${what}`));
        return;
      }
      const timer = setTimeout(() => {
        this.waiter = undefined;
        // A late reply would be taken as the answer to the next command:
        // a broker that stopped answering is not worth keeping.
        this.child.kill('SIGKILL');
        reject(this.error(`timed out after ${timeoutMs} ms ${what}`));
      }, timeoutMs);
      this.waiter = {
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
    });
  }

  private error(message: string): Error {
    const tail = this.stderrTail.trim();
    return new Error(`kafka-test-broker: ${message}${tail ? `\nstderr:\n${tail}` : ''}`);
  }
}
