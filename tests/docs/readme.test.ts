import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { baseConfigSchema } from '@esim/platform';
import { SERVICES } from '../../infra/src/services';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every variable any process reads, from the code's own config schemas (never a copied list). */
async function configKeys(): Promise<Map<string, string[]>> {
  const keys = new Map<string, string[]>();
  const add = (owner: string, shape: Record<string, unknown>) => {
    for (const key of Object.keys(shape)) keys.set(key, [...(keys.get(key) ?? []), owner]);
  };
  add('platform', baseConfigSchema.shape);
  for (const service of SERVICES) {
    const mod = (await import(path.join(service.dir, 'src/config.ts'))) as {
      configSchema: { shape: Record<string, unknown> };
    };
    add(service.name, mod.configSchema.shape);
  }
  return keys;
}

describe('README stays true', () => {
  it('documents every configuration variable the code reads', async () => {
    const readme = await readFile(path.join(root, 'README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]));
    const missing = [...(await configKeys()).keys()].filter((key) => !documented.has(key));
    expect(missing, 'variables missing from the README configuration table').toEqual([]);
  });

  it('shows the two commands and the demo accounts', async () => {
    const readme = await readFile(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    for (const email of [
      'admin@esim.test',
      'sales@esim.test',
      'dealer@esim.test',
      'dealer2@esim.test',
      'customer@esim.test',
      'demo@esim.test',
    ]) {
      expect(readme).toContain(email);
    }
  });
});
