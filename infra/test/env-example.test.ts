import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { baseConfigSchema, eventBusEnvSchema } from '@esim/platform';
import { ROOT_DIR, SERVICES } from '../src/services';
import { startConfigSchema } from '../src/settings';
import { KAFKA_TOPICS_SCRIPT, scriptSettings } from './helpers/script-settings';

/**
 * `.env.example` is the list of every setting (the README's configuration table comes from the
 * same knowledge): each key some config schema reads must be in it with its real default, and it
 * must name nothing the code or docker-compose.yml does not read.
 */

type Schema = z.ZodObject<z.ZodRawShape>;

function documented(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const line of readFileSync(path.join(ROOT_DIR, '.env.example'), 'utf8').split('\n')) {
    const match = /^# ?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) keys.set(match[1]!, match[2]!);
  }
  return keys;
}

/** Every key of every schema, with each default as the example should write it. */
async function schemaDefaults(): Promise<Map<string, Set<string>>> {
  const schemas: Schema[] = [
    baseConfigSchema as unknown as Schema,
    eventBusEnvSchema as unknown as Schema,
    startConfigSchema as unknown as Schema,
  ];
  for (const service of SERVICES) {
    const mod = (await import(pathToFileURL(path.join(service.dir, 'src/config.ts')).href)) as { configSchema: Schema };
    schemas.push(mod.configSchema);
  }
  const defaults = new Map<string, Set<string>>();
  const add = (key: string, value: string) => {
    if (!defaults.has(key)) defaults.set(key, new Set());
    defaults.get(key)!.add(value);
  };
  for (const [key, value] of scriptSettings(KAFKA_TOPICS_SCRIPT)) add(key, value);
  for (const schema of schemas) {
    for (const [key, field] of Object.entries(schema.shape)) {
      const parsed = (field as z.ZodType).safeParse(undefined);
      let value = parsed.success && parsed.data !== undefined ? String(parsed.data) : '';
      // Paths resolved from the code's location are written relative to the repository.
      if (path.isAbsolute(value) && value.startsWith(ROOT_DIR)) value = path.relative(ROOT_DIR, value);
      add(key, value);
    }
  }
  return defaults;
}

/** Variables docker-compose.yml interpolates (`${NAME:-default}`), with their defaults. */
function composeVariables(): Map<string, string> {
  const text = readFileSync(path.join(ROOT_DIR, 'docker-compose.yml'), 'utf8');
  const vars = new Map<string, string>();
  for (const match of text.matchAll(/\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g)) vars.set(match[1]!, match[2] ?? '');
  // Valueless entries (`AUTH_SIGNING_KEYS:`) pass a variable of .env through.
  for (const match of text.matchAll(/^\s+([A-Z][A-Z0-9_]*):\s*$/gm)) if (!vars.has(match[1]!)) vars.set(match[1]!, '');
  return vars;
}

describe('.env.example', () => {
  it('documents every variable the code reads', async () => {
    const docs = documented();
    const missing = [...(await schemaDefaults()).keys()].filter((key) => !docs.has(key));
    expect(missing, 'add these to .env.example').toEqual([]);
  });

  it('documents every variable docker-compose.yml takes from .env', () => {
    const docs = documented();
    expect([...composeVariables().keys()].filter((key) => !docs.has(key))).toEqual([]);
  });

  it('names nothing that neither the code nor docker-compose.yml reads', async () => {
    const known = new Set([...(await schemaDefaults()).keys(), ...composeVariables().keys()]);
    expect([...documented().keys()].filter((key) => !known.has(key))).toEqual([]);
  });

  it('shows the real defaults', async () => {
    const defaults = await schemaDefaults();
    const compose = composeVariables();
    const wrong: string[] = [];
    for (const [key, value] of documented()) {
      const allowed = new Set(defaults.get(key) ?? []);
      // A key whose default differs between processes (PORT, SMTP_URL) may be shown empty and explained.
      if (allowed.size > 1) allowed.add('');
      if (!defaults.has(key) && compose.has(key)) allowed.add(compose.get(key)!);
      if (!allowed.has(value)) wrong.push(`${key}=${value} (default: ${[...allowed].join(' | ') || 'unset'})`);
    }
    expect(wrong).toEqual([]);
  });
});
