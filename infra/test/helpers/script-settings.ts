import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../src/services';

/**
 * The settings a one-shot script parses with an inline `z.object({ NAME: z....default(x) })`.
 * Such scripts act on import (infra/src/kafka-topics.ts connects and exits), so their schema is
 * read from the source instead of imported: key per line, and its default if it has one.
 */
export function scriptSettings(relativeFile: string): Map<string, string> {
  const source = readFileSync(path.join(ROOT_DIR, relativeFile), 'utf8');
  const settings = new Map<string, string>();
  // A long schema is wrapped by the formatter (`NAME: z` then `.string()...` on the next lines).
  for (const match of source.matchAll(/^\s+([A-Z][A-Z0-9_]+): z(\..*)?$/gm)) {
    const fallback = /\.default\((['"]?)([^)'"]*)\1\)/.exec(match[2] ?? '');
    settings.set(match[1]!, fallback?.[2] ?? '');
  }
  return settings;
}

export const KAFKA_TOPICS_SCRIPT = 'infra/src/kafka-topics.ts';
