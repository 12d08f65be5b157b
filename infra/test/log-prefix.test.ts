import { describe, expect, it } from 'vitest';
import { createPrefixer, formatLogLine, useColour } from '../src/log-prefix';

describe('log prefix', () => {
  const time = new Date(2026, 0, 2, 13, 4, 5).getTime();

  it('shortens a pino request line to time, level, message, request and status', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      service: 'auth',
      reqId: 'r-1',
      req: { method: 'GET', url: '/api/health', headers: { a: 'b' } },
      res: { statusCode: 200 },
      responseTime: 3.4,
      msg: 'request completed',
    });
    expect(formatLogLine(line)).toBe('13:04:05 INFO  request completed GET /api/health 200 3ms reqId=r-1');
  });

  it('prints an error with its type, message and first stack frames', () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: 'could not start',
      err: {
        type: 'Error',
        message: 'listen EADDRINUSE',
        stack: 'Error: listen EADDRINUSE\n    at a (x.ts:1)\n    at b (y.ts:2)\n    at c (z.ts:3)\n    at d (w.ts:4)',
      },
    });
    expect(formatLogLine(line)).toBe(
      '13:04:05 ERROR could not start Error: listen EADDRINUSE\n    at a (x.ts:1)\n    at b (y.ts:2)\n    at c (z.ts:3)',
    );
  });

  it('quotes values with spaces and keeps at most six extra fields', () => {
    const entry: Record<string, unknown> = {
      level: 40,
      time,
      msg: 'slow',
      note: 'two words',
      nested: { skipped: true },
    };
    for (let i = 0; i < 8; i++) entry[`k${i}`] = i;
    expect(formatLogLine(JSON.stringify(entry))).toBe('13:04:05 WARN  slow note="two words" k0=0 k1=1 k2=2 k3=3 k4=4');
  });

  it('leaves anything that is not a pino line unchanged', () => {
    for (const line of ['plain text', '{ not json', '{"a":1}', '', '[vite] built in 1s'])
      expect(formatLogLine(line)).toBe(line);
  });

  it('puts an aligned [name] before every line, coloured only when asked', () => {
    const plain = createPrefixer(['auth', 'physical-sim'], false);
    expect(plain('auth', 'hello')).toBe(`${'[auth]'.padEnd(14)} hello`);
    expect(plain('physical-sim', 'a\nb')).toBe(`[physical-sim] a\n[physical-sim] b`);
    const coloured = createPrefixer(['auth', 'catalog'], true);
    const esc = '\u001b';
    expect(coloured('auth', 'x')).toBe(`${esc}[36m${'[auth]'.padEnd(12)}${esc}[0m x`);
    expect(coloured('catalog', 'x').startsWith(`${esc}[35m[catalog]`)).toBe(true);
  });

  it('colours a terminal unless NO_COLOR, and a pipe only with FORCE_COLOR', () => {
    const tty = { isTTY: true } as NodeJS.WriteStream;
    const pipe = { isTTY: false } as NodeJS.WriteStream;
    expect(useColour(tty, {})).toBe(true);
    expect(useColour(tty, { NO_COLOR: '1' })).toBe(false);
    expect(useColour(pipe, {})).toBe(false);
    expect(useColour(pipe, { FORCE_COLOR: '1' })).toBe(true);
  });
});
