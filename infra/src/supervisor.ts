import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createInterface } from 'node:readline';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface SupervisorOptions {
  /** First restart delay; it doubles on every crash up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A process that stayed up this long is healthy again: its next crash waits `initialDelayMs`. */
  resetAfterMs?: number;
  /** Grace between SIGTERM and SIGKILL on shutdown. */
  stopTimeoutMs?: number;
  /** Every line a child writes. */
  output?: (name: string, line: string, stream: 'stdout' | 'stderr') => void;
  /** The supervisor's own messages (starts, crashes, restarts). */
  log?: (line: string) => void;
  /** Asked when a process exits: true keeps it down (not restarted), as a copy on a lost node would stay. */
  stayDown?: (name: string) => boolean;
}

export interface ExitInfo {
  name: string;
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  uptimeMs: number;
}

interface Managed {
  spec: ProcessSpec;
  child?: ChildProcess;
  startedAt: number;
  /** Crashes since the process last stayed up `resetAfterMs`. */
  crashes: number;
  restartTimer?: NodeJS.Timeout;
  /** Resolves when the current child has exited. */
  exited?: Promise<void>;
  lastLine?: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/**
 * Runs child processes, restarts one that exits with exponential back-off, and stops them all
 * gracefully. Each child gets its own process group (detached) so a terminal's Ctrl-C reaches only
 * the supervisor, which then sends exactly one SIGTERM: a second signal would make a service skip
 * its graceful shutdown.
 *
 * Events: `spawn` (name, pid), `exit` (ExitInfo), `restart` (name, delayMs), `down` (name: kept down).
 */
export class Supervisor extends EventEmitter {
  private readonly processes = new Map<string, Managed>();
  private stopping = false;
  private readonly options: Required<Omit<SupervisorOptions, 'output' | 'log' | 'stayDown'>> &
    Pick<SupervisorOptions, 'output' | 'log' | 'stayDown'>;
  private readonly killOnExit = () => this.kill();

  constructor(options: SupervisorOptions = {}) {
    super();
    this.options = {
      initialDelayMs: options.initialDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 30_000,
      resetAfterMs: options.resetAfterMs ?? 60_000,
      stopTimeoutMs: options.stopTimeoutMs ?? 10_000,
      output: options.output,
      log: options.log,
      stayDown: options.stayDown,
    };
    // If the supervisor itself dies (uncaught error), its detached children must not live on.
    process.on('exit', this.killOnExit);
  }

  /** Starts a process and keeps it running until `stop()`. */
  start(spec: ProcessSpec): void {
    if (this.processes.has(spec.name)) throw new Error(`${spec.name} is already supervised`);
    const managed: Managed = { spec, startedAt: 0, crashes: 0 };
    this.processes.set(spec.name, managed);
    this.spawn(managed);
  }

  has(name: string): boolean {
    return this.processes.has(name);
  }

  /** Whether the named process is running now (not waiting to be restarted). */
  isRunning(name: string): boolean {
    const child = this.processes.get(name)?.child;
    return Boolean(child && child.exitCode === null && child.signalCode === null);
  }

  pids(): number[] {
    return [...this.processes.values()].flatMap((m) => (m.child?.pid ? [m.child.pid] : []));
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  private spawn(managed: Managed): void {
    const { spec } = managed;
    managed.startedAt = Date.now();
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    managed.child = child;
    for (const stream of ['stdout', 'stderr'] as const) {
      createInterface({ input: child[stream], crlfDelay: Infinity }).on('line', (line) => {
        if (line.trim()) managed.lastLine = line;
        this.options.output?.(spec.name, line, stream);
      });
    }
    managed.exited = new Promise((resolve) => {
      let done = false;
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        if (done) return;
        done = true;
        resolve();
        this.onExit(managed, child, code, signal);
      };
      child.once('exit', finish);
      // Spawning itself failed (missing binary): no 'exit' follows.
      child.once('error', (error) => {
        managed.lastLine = error.message;
        finish(null, null);
      });
    });
    if (child.pid) {
      this.log(`started ${spec.name} (pid ${child.pid})`);
      this.emit('spawn', spec.name, child.pid);
    }
  }

  private onExit(managed: Managed, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    const uptimeMs = Date.now() - managed.startedAt;
    const info: ExitInfo = { name: managed.spec.name, pid: child.pid, code, signal, uptimeMs };
    this.emit('exit', info);
    if (this.stopping) return;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code ?? 'unknown'}`;
    if (this.options.stayDown?.(managed.spec.name)) {
      this.log(`${managed.spec.name} ${how} after ${seconds(uptimeMs)}; kept down, not restarted.`);
      this.emit('down', managed.spec.name);
      return;
    }

    if (uptimeMs >= this.options.resetAfterMs) managed.crashes = 0;
    const delay = Math.min(this.options.initialDelayMs * 2 ** managed.crashes, this.options.maxDelayMs);
    managed.crashes += 1;
    const last = managed.lastLine ? ` Last output: ${managed.lastLine.slice(0, 300)}` : '';
    this.log(`${managed.spec.name} ${how} after ${seconds(uptimeMs)}; restarting in ${seconds(delay)}.${last}`);
    this.emit('restart', managed.spec.name, delay);
    managed.restartTimer = setTimeout(() => {
      managed.restartTimer = undefined;
      if (!this.stopping) this.spawn(managed);
    }, delay);
  }

  private signal(child: ChildProcess | undefined, signal: NodeJS.Signals): void {
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    try {
      // The whole group: a child that spawned helpers takes them down with it.
      process.kill(-child.pid, signal);
    } catch {
      try {
        child.kill(signal);
      } catch {
        // Already gone.
      }
    }
  }

  /** SIGTERM to every child, SIGKILL to those still running after the grace period. */
  async stop(): Promise<void> {
    this.stopping = true;
    const all = [...this.processes.values()];
    for (const managed of all) {
      if (managed.restartTimer) clearTimeout(managed.restartTimer);
      managed.restartTimer = undefined;
      this.signal(managed.child, 'SIGTERM');
    }
    const timer = setTimeout(() => {
      for (const managed of all) {
        if (managed.child?.exitCode === null && managed.child.signalCode === null) {
          this.log(`${managed.spec.name} did not stop within ${seconds(this.options.stopTimeoutMs)}; killing it.`);
          this.signal(managed.child, 'SIGKILL');
        }
      }
    }, this.options.stopTimeoutMs);
    await Promise.all(all.map((m) => m.exited));
    clearTimeout(timer);
    process.off('exit', this.killOnExit);
  }

  /** SIGKILL to every child at once (a second Ctrl-C, or the supervisor dying). */
  kill(): void {
    this.stopping = true;
    for (const managed of this.processes.values()) {
      if (managed.restartTimer) clearTimeout(managed.restartTimer);
      this.signal(managed.child, 'SIGKILL');
    }
  }
}
