import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '@esim/platform/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Supervisor, type ExitInfo, type ProcessSpec } from '../src/supervisor';
import { alive } from './helpers/processes';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

function node(name: string, fixture: string, env: NodeJS.ProcessEnv = {}): ProcessSpec {
  return { name, command: process.execPath, args: [path.join(fixtures, fixture)], env: { ...process.env, ...env } };
}

/** Every spawn, exit and scheduled restart, with the time it happened. */
function record(supervisor: Supervisor) {
  const spawns: Array<{ pid: number; at: number }> = [];
  const exits: Array<ExitInfo & { at: number }> = [];
  const restarts: number[] = [];
  supervisor.on('spawn', (_name: string, pid: number) => spawns.push({ pid, at: Date.now() }));
  supervisor.on('exit', (info: ExitInfo) => exits.push({ ...info, at: Date.now() }));
  supervisor.on('restart', (_name: string, delay: number) => restarts.push(delay));
  return { spawns, exits, restarts };
}

let current: Supervisor | undefined;
afterEach(async () => {
  current?.kill();
  current = undefined;
});

describe('supervisor', () => {
  it('restarts a crashing process with doubling back-off up to the cap, and stops it on shutdown', async () => {
    const logs: string[] = [];
    const output: string[] = [];
    const supervisor = (current = new Supervisor({
      initialDelayMs: 100,
      maxDelayMs: 400,
      stopTimeoutMs: 2000,
      log: (line) => logs.push(line),
      output: (name, line, stream) => output.push(`${name}/${stream}: ${line}`),
    }));
    const seen = record(supervisor);
    supervisor.start(node('crasher', 'crash.mjs'));

    await waitFor(() => seen.spawns.length >= 5, { timeoutMs: 10_000, what: 'five starts' });
    expect(seen.restarts.slice(0, 4)).toEqual([100, 200, 400, 400]);
    // The real pause between a crash and the next start honours the scheduled delay.
    for (let i = 0; i < 4; i++) {
      expect(seen.spawns[i + 1]!.at - seen.exits[i]!.at).toBeGreaterThanOrEqual(seen.restarts[i]! - 5);
    }
    expect(seen.exits.every((e) => e.code === 3 && e.signal === null)).toBe(true);
    // Why it restarted is logged: the exit code, the pause, and the last thing the process said.
    expect(logs.find((l) => l.includes('crasher exited with code 3'))).toMatch(/restarting in 0\.1 s\. Last output: /);
    expect(output).toContain(`crasher/stdout: up ${seen.spawns[0]!.pid}`);
    expect(output.some((l) => l.startsWith('crasher/stderr: {"level":50'))).toBe(true);

    await supervisor.stop();
    const startsAtStop = seen.spawns.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(seen.spawns.length).toBe(startsAtStop);
    expect(seen.spawns.every((s) => !alive(s.pid))).toBe(true);
  });

  it('forgets earlier crashes once a process has stayed up long enough', async () => {
    const supervisor = (current = new Supervisor({ initialDelayMs: 50, maxDelayMs: 1000, resetAfterMs: 150 }));
    const seen = record(supervisor);
    // Each run lives 250 ms, longer than resetAfterMs: every restart waits the initial delay.
    supervisor.start(node('slow-crasher', 'crash.mjs', { CRASH_AFTER_MS: '250' }));
    await waitFor(() => seen.restarts.length >= 3, { timeoutMs: 10_000, what: 'three restarts' });
    expect(seen.restarts.slice(0, 3)).toEqual([50, 50, 50]);
    await supervisor.stop();
  });

  it('keeps a process down once it exits when asked to, and restarts the others', async () => {
    const logs: string[] = [];
    const down = new Set<string>();
    const supervisor = (current = new Supervisor({
      initialDelayMs: 50,
      log: (line) => logs.push(line),
      stayDown: (name) => down.has(name),
    }));
    const seen = record(supervisor);
    const kept: string[] = [];
    const started: string[] = [];
    supervisor.on('down', (name: string) => kept.push(name));
    supervisor.on('spawn', (name: string) => started.push(name));
    down.add('lost');
    supervisor.start(node('lost', 'crash.mjs', { CRASH_AFTER_MS: '100' }));
    supervisor.start(node('kept', 'crash.mjs', { CRASH_AFTER_MS: '100' }));
    await waitFor(() => seen.restarts.length >= 2, { timeoutMs: 10_000, what: 'two restarts of the other' });
    expect(kept).toEqual(['lost']);
    expect(supervisor.isRunning('lost')).toBe(false);
    expect(logs.find((l) => l.startsWith('lost exited with code 3'))).toMatch(/; kept down, not restarted\.$/);
    expect(started.filter((name) => name === 'lost')).toHaveLength(1);
    await supervisor.stop();
  });

  it('stops gracefully with SIGTERM, and kills what ignores it (with its children) after the grace period', async () => {
    const logs: string[] = [];
    const output: string[] = [];
    const supervisor = (current = new Supervisor({
      stopTimeoutMs: 500,
      log: (line) => logs.push(line),
      output: (name, line) => output.push(`${name}: ${line}`),
    }));
    const seen = record(supervisor);
    supervisor.start(node('graceful', 'graceful.mjs'));
    supervisor.start(node('stubborn', 'stubborn.mjs'));
    const grandchild = await waitFor(() => output.find((l) => l.startsWith('stubborn: grandchild '))?.split(' ')[2], {
      what: 'grandchild pid',
    });
    await waitFor(() => output.includes('graceful: ready'), { what: 'graceful ready' });
    expect(supervisor.isRunning('graceful') && supervisor.isRunning('stubborn')).toBe(true);

    const started = Date.now();
    await supervisor.stop();
    const took = Date.now() - started;

    const graceful = seen.exits.find((e) => e.name === 'graceful')!;
    const stubborn = seen.exits.find((e) => e.name === 'stubborn')!;
    expect(graceful).toMatchObject({ code: 0, signal: null });
    expect(output).toContain('graceful: stopping');
    expect(stubborn.signal).toBe('SIGKILL');
    expect(output).toContain('stubborn: ignoring SIGTERM');
    expect(logs).toContain('stubborn did not stop within 0.5 s; killing it.');
    expect(took).toBeGreaterThanOrEqual(450);
    expect(took).toBeLessThan(3000);
    // No restart after a shutdown, and nothing left running.
    expect(seen.restarts).toEqual([]);
    expect(seen.spawns.every((s) => !alive(s.pid))).toBe(true);
    await waitFor(() => !alive(Number(grandchild)), { timeoutMs: 2000, what: 'grandchild gone' });
  });

  it('kill() ends every child at once', async () => {
    const supervisor = (current = new Supervisor({ stopTimeoutMs: 10_000 }));
    const seen = record(supervisor);
    supervisor.start(node('stubborn', 'stubborn.mjs'));
    await waitFor(() => seen.spawns.length === 1, { what: 'spawn' });
    supervisor.kill();
    await waitFor(() => seen.exits.length === 1, { timeoutMs: 2000, what: 'exit' });
    expect(seen.exits[0]!.signal).toBe('SIGKILL');
    expect(seen.restarts).toEqual([]);
  });

  it('treats a command that cannot be spawned as a crash and keeps retrying', async () => {
    const logs: string[] = [];
    const supervisor = (current = new Supervisor({
      initialDelayMs: 20,
      maxDelayMs: 40,
      log: (line) => logs.push(line),
    }));
    const seen = record(supervisor);
    supervisor.start({ name: 'ghost', command: '/nonexistent/binary', args: [] });
    await waitFor(() => seen.restarts.length >= 3, { timeoutMs: 5000, what: 'retries' });
    expect(seen.restarts.slice(0, 3)).toEqual([20, 40, 40]);
    expect(logs.some((l) => l.startsWith('ghost exited with code unknown') && l.includes('ENOENT'))).toBe(true);
    await supervisor.stop();
  });
});
