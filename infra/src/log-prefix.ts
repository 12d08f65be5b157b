/**
 * Turns the children's output into one readable stream: a coloured `[name]` before every line,
 * and pino's JSON lines shortened to time, level, message and the few fields worth reading.
 */

const COLOURS = [36, 35, 33, 32, 34, 96, 95, 93, 92, 94];
const RESET = '\x1b[0m';

export function useColour(stream: NodeJS.WriteStream = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY);
}

const PINO_LEVELS: Record<number, { label: string; colour: number }> = {
  10: { label: 'TRACE', colour: 90 },
  20: { label: 'DEBUG', colour: 90 },
  30: { label: 'INFO', colour: 32 },
  40: { label: 'WARN', colour: 33 },
  50: { label: 'ERROR', colour: 31 },
  60: { label: 'FATAL', colour: 41 },
};

// Keys every pino line has, or that are printed in their own way below.
const SKIPPED = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'service',
  'msg',
  'req',
  'res',
  'err',
  'responseTime',
  'v',
]);
const MAX_EXTRA_FIELDS = 6;

function paint(text: string, colour: number, enabled: boolean): string {
  return enabled ? `\x1b[${colour}m${text}${RESET}` : text;
}

function scalar(value: unknown): string | undefined {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
    const text = String(value);
    return /\s/.test(text) ? JSON.stringify(text) : text;
  }
  return undefined;
}

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

/** One pino JSON line → `12:00:01 INFO  request completed GET /api/health 200 3ms`; anything else unchanged. */
export function formatLogLine(line: string, colour = false): string {
  if (!line.startsWith('{')) return line;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry.level !== 'number' || !('msg' in entry || 'err' in entry)) return line;
  const level = PINO_LEVELS[entry.level] ?? { label: String(entry.level), colour: 37 };
  const parts = [clock(entry.time), paint(level.label.padEnd(5), level.colour, colour), String(entry.msg ?? '')];

  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)}ms`);

  let extras = 0;
  for (const [key, value] of Object.entries(entry)) {
    if (SKIPPED.has(key) || extras >= MAX_EXTRA_FIELDS) continue;
    const text = scalar(value);
    if (text === undefined) continue;
    parts.push(`${key}=${text}`);
    extras += 1;
  }

  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  let text = parts.filter(Boolean).join(' ');
  if (err) {
    text += ` ${err.type ?? 'Error'}: ${err.message ?? ''}`;
    // The first frames say where; the whole stack stays available with LOG_LEVEL=debug in the JSON.
    const frames =
      err.stack
        ?.split('\n')
        .filter((l) => l.trim().startsWith('at '))
        .slice(0, 3) ?? [];
    if (frames.length) text += `\n${frames.join('\n')}`;
  }
  return text;
}

export interface Prefixer {
  /** The whole prefixed line(s) for one line of a child's output. */
  (name: string, line: string): string;
}

/** Names are padded to the longest so the messages line up; each name keeps one colour. */
export function createPrefixer(names: string[], colour = useColour()): Prefixer {
  const width = Math.max(...names.map((n) => n.length), 'supervisor'.length);
  const colourOf = new Map<string, number>();
  const assign = (name: string) => {
    if (!colourOf.has(name)) colourOf.set(name, COLOURS[colourOf.size % COLOURS.length]!);
    return colourOf.get(name)!;
  };
  names.forEach(assign);
  return (name, line) => {
    const prefix = paint(`[${name}]`.padEnd(width + 2), assign(name), colour);
    return formatLogLine(line, colour)
      .split('\n')
      .map((l) => `${prefix} ${l}`)
      .join('\n');
  };
}
