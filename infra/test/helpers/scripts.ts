import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ROOT_DIR } from '../../src/services';

export const START_SCRIPT = path.join(ROOT_DIR, 'infra/src/start.ts');

/** The developer's environment minus what the test harness set for in-process tests. */
export function scriptEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', NO_COLOR: '1', ...extra };
  delete env.TEST_DATABASE_NAME;
  delete env.FORCE_COLOR;
  // `{ NAME: undefined }` in `extra` means "unset", not the string "undefined".
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return env;
}

export interface RunningScript {
  child: ChildProcess;
  /** Everything written so far, stdout and stderr interleaved. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs an infra script with `node --import tsx`, as `npm start` does through tsx. */
export function runScript(file: string, env: NodeJS.ProcessEnv, args: string[] = []): RunningScript {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => text, exited };
}

/** Runs a script to its end; fails the test if it takes longer than `timeoutMs`. */
export async function runToEnd(file: string, env: NodeJS.ProcessEnv, timeoutMs = 30_000) {
  const run = runScript(file, env);
  const timer = setTimeout(() => run.child.kill('SIGKILL'), timeoutMs);
  const result = await run.exited;
  clearTimeout(timer);
  return { ...result, output: run.output() };
}

export function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A base port with `count` free ports from it, away from the usual 8080 range and below Linux's
 * ephemeral range (32768+), where an outgoing connection could take a port between the check and the bind.
 */
export async function freePortRange(count: number): Promise<number> {
  // Each vitest worker draws from its own slice: two files running side by side never pick the same
  // port. A second run beside this one (the browser tests beside npm test) starts at another slice.
  const slice =
    (Number(process.env.VITEST_POOL_ID ?? 1) - 1 + Number(process.env.TEST_PORT_SLICE_BASE ?? 0)) % PORT_SLICES;
  const first = 20_000 + slice * PORT_SLICE_SIZE;
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = first + Math.floor(Math.random() * (PORT_SLICE_SIZE - count));
    const range = Array.from({ length: count }, (_, i) => base + i);
    // A port handed out here may not be listened on yet: it is free to the check, but taken.
    if (range.some((port) => handedOut.has(port))) continue;
    const checks = await Promise.all(range.map(isFree));
    if (!checks.every(Boolean)) continue;
    for (const port of range) handedOut.add(port);
    return base;
  }
  throw new Error('no free port range found');
}

const PORT_SLICES = 4;
const PORT_SLICE_SIZE = 3_000;
const handedOut = new Set<number>();

/** A stack trace line, as node prints them: "    at fn (file:line:col)". */
export const STACK_FRAME = /^\s+at .+[:(]/m;
