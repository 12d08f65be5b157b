import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR, SERVICES, type ServiceEntry } from '../src/services';
import { startConfigSchema } from '../src/settings';
import { KAFKA_TOPICS_SCRIPT, scriptSettings } from './helpers/script-settings';

/**
 * docker-compose.yml cannot run here (no Docker engine), so it is checked against the code: every
 * compose service is a process the code has, and every variable it sets is one the code reads
 * (read from the config schemas at test time, so a renamed or removed key fails here).
 */

type EnvValue = string | number | boolean | null;
interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string } | string;
  command?: string[];
  environment?: Record<string, EnvValue>;
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: string[];
  volumes?: string[];
  container_name?: string;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}
type Schema = z.ZodObject<z.ZodRawShape>;

/** Third-party images: their variables belong to them, not to our code. */
const THIRD_PARTY = new Set(['postgres', 'redis', 'kafka', 'mail', 'prometheus']);

type Role =
  | { kind: 'third-party' }
  | { kind: 'service'; entry: ServiceEntry }
  | { kind: 'worker'; entry: ServiceEntry }
  | { kind: 'job'; script: string; schema?: Schema; keys: string[] };

const JOBS: Record<string, { script: string; schema?: Schema; keys: string[] }> = {
  // Parses its settings inline (and acts on import): its keys are read from its source.
  topics: { script: KAFKA_TOPICS_SCRIPT, keys: [...scriptSettings(KAFKA_TOPICS_SCRIPT).keys()] },
  migrate: {
    script: 'infra/src/migrate.ts',
    schema: startConfigSchema as unknown as Schema,
    keys: Object.keys(startConfigSchema.shape),
  },
};

function roleOf(name: string): Role | undefined {
  if (THIRD_PARTY.has(name)) return { kind: 'third-party' };
  const entry = SERVICES.find((s) => s.name === name);
  if (entry) return { kind: 'service', entry };
  const owner = SERVICES.find((s) => s.worker && `${s.name}-worker` === name);
  if (owner) return { kind: 'worker', entry: owner };
  const job = JOBS[name];
  return job ? { kind: 'job', ...job } : undefined;
}

const compose = parse(readFileSync(path.join(ROOT_DIR, 'docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
const names = Object.keys(compose.services);
const ours = names.filter((n) => roleOf(n)?.kind !== 'third-party');

/** `${VAR:-default}` → default, `${VAR}` → '' (unset), `${VAR:?error}` → a stand-in: what compose hands the container with an empty .env. */
function interpolate(value: EnvValue): string | undefined {
  if (value === null) return undefined; // pass-through from .env: unset unless the user sets it
  return String(value)
    .replace(/\$\{([A-Z0-9_]+)(:?[-?])?([^}]*)\}/g, (_, _name: string, op: string | undefined, arg: string) =>
      op?.endsWith('-') ? arg : op?.endsWith('?') ? 'x'.repeat(32) : '',
    )
    .replace(/\$\$/g, '$');
}

function resolvedEnv(service: ComposeService): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(service.environment ?? {})) {
    const resolved = interpolate(value);
    if (resolved !== undefined) env[key] = resolved;
  }
  return env;
}

const schemas = new Map<string, Schema>();
/** The config schema of the code a compose service runs; undefined for a job that parses its own. */
async function schemaOf(role: Role): Promise<Schema | undefined> {
  if (role.kind === 'job') return role.schema;
  if (role.kind === 'third-party') throw new Error('third-party images have no schema of ours');
  // A worker is part of its service and reads the same settings.
  const file = path.join(role.entry.dir, 'src/config.ts');
  if (!schemas.has(file)) {
    const mod = (await import(pathToFileURL(file).href)) as { configSchema?: Schema };
    if (!mod.configSchema) throw new Error(`${file} exports no configSchema`);
    schemas.set(file, mod.configSchema);
  }
  return schemas.get(file)!;
}

async function keysOf(role: Role): Promise<Set<string>> {
  if (role.kind === 'job') return new Set(role.keys);
  return new Set(Object.keys((await schemaOf(role))!.shape));
}

function dependencies(service: ComposeService): Array<[string, string | undefined]> {
  const deps = service.depends_on ?? [];
  return Array.isArray(deps)
    ? deps.map((d) => [d, undefined])
    : Object.entries(deps).map(([d, v]) => [d, v?.condition]);
}

describe('docker-compose.yml', () => {
  let roles: Map<string, Role>;
  beforeAll(() => {
    roles = new Map(names.map((n) => [n, roleOf(n)!]));
  });

  it('has only processes the code has, and all of them', () => {
    expect(
      names.filter((n) => !roleOf(n)),
      'compose services that match no SERVICES entry, worker or job',
    ).toEqual([]);
    for (const service of SERVICES) expect(names, service.name).toContain(service.name);
    for (const service of SERVICES.filter((s) => s.worker)) expect(names).toContain(`${service.name}-worker`);
    for (const job of Object.keys(JOBS)) expect(names).toContain(job);
    for (const infra of ['postgres', 'redis', 'kafka']) expect(names).toContain(infra);
  });

  it('is structurally valid: every service has an image or a build, dependencies and volumes exist', () => {
    const conditions = new Set([undefined, 'service_started', 'service_healthy', 'service_completed_successfully']);
    for (const [name, service] of Object.entries(compose.services)) {
      expect(Boolean(service.image || service.build), `${name} has image or build`).toBe(true);
      for (const [dependency, condition] of dependencies(service)) {
        expect(names, `${name} depends on ${dependency}`).toContain(dependency);
        expect(conditions.has(condition), `${name} → ${dependency}: ${condition}`).toBe(true);
        expect(dependency).not.toBe(name);
      }
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (!source.startsWith('.') && !source.startsWith('/'))
          expect(Object.keys(compose.volumes ?? {}), `${name} volume ${source}`).toContain(source);
      }
    }
  });

  it('waits for a dependency that can be healthy only if it has a health check, and for jobs to finish', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [dependency, condition] of dependencies(service)) {
        if (condition === 'service_healthy')
          expect(
            (compose.services[dependency] as { healthcheck?: unknown }).healthcheck,
            `${name} → ${dependency}`,
          ).toBeDefined();
        if (JOBS[dependency]) expect(condition, `${name} → ${dependency}`).toBe('service_completed_successfully');
      }
    }
  });

  it("builds our processes from the repository Dockerfile and runs each one's own entry point", () => {
    for (const name of ours) {
      const service = compose.services[name]!;
      const build = typeof service.build === 'string' ? { context: service.build } : service.build;
      expect(build?.context, name).toBe('.');
      expect(existsSync(path.join(ROOT_DIR, build!.dockerfile ?? 'Dockerfile')), `${name}: ${build?.dockerfile}`).toBe(
        true,
      );
      const role = roles.get(name)!;
      const entry =
        role.kind === 'service'
          ? path.relative(ROOT_DIR, path.join(role.entry.dir, 'src/server.ts'))
          : role.kind === 'worker'
            ? path.relative(ROOT_DIR, path.join(role.entry.dir, role.entry.worker!))
            : role.kind === 'job'
              ? role.script
              : undefined;
      // Arguments after the entry point are the script's own (migrate --seed).
      const flags = role.kind === 'service' ? (role.entry.nodeFlags ?? []) : [];
      expect(service.command?.slice(0, 4 + flags.length), name).toEqual(['node', ...flags, '--import', 'tsx', entry]);
    }
  });

  it("leaves the image's default command to the gateway, started with the gateway's own V8 flags", () => {
    const dockerfile = readFileSync(path.join(ROOT_DIR, 'infra/docker/Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    const gateway = SERVICES.find((s) => s.name === 'gateway')!;
    expect(JSON.parse(cmd ?? '[]')).toEqual([
      'node',
      ...(gateway.nodeFlags ?? []),
      '--import',
      'tsx',
      'services/gateway/src/server.ts',
    ]);
  });

  it("publishes no fixed host port but the gateway's 8080, so every other process scales with --scale", () => {
    for (const name of ours) {
      const service = compose.services[name]!;
      expect(service.container_name, name).toBeUndefined();
      if (name === 'gateway') expect(service.ports).toEqual(['8080:8080']);
      else expect(service.ports, name).toBeUndefined();
    }
  });

  it('sets only variables the code reading them has in its config schema, with values that schema accepts', async () => {
    for (const name of ours) {
      const role = roles.get(name)!;
      const known = await keysOf(role);
      const unknown = Object.keys(compose.services[name]!.environment ?? {}).filter((key) => !known.has(key));
      expect(unknown, `${name} sets variables its code does not read`).toEqual([]);
      const schema = await schemaOf(role);
      const parsed = schema?.safeParse(resolvedEnv(compose.services[name]!));
      if (parsed)
        expect(parsed.success, `${name}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`).toBe(true);
    }
  });

  it('overrides every loopback default (inside a container 127.0.0.1 is the container itself)', async () => {
    for (const name of ours.filter((n) => roles.get(n)!.kind !== 'job')) {
      const schema = (await schemaOf(roles.get(name)!))!;
      const env = compose.services[name]!.environment ?? {};
      for (const [key, field] of Object.entries(schema.shape)) {
        const fallback = (field as z.ZodType).safeParse(undefined);
        // The gateway's service URLs are lists (a service's copies): each default URL counts.
        const defaults: unknown[] = fallback.success
          ? Array.isArray(fallback.data)
            ? fallback.data
            : [fallback.data]
          : [];
        if (defaults.some((value) => typeof value === 'string' && /127\.0\.0\.1|localhost/.test(value))) {
          expect(Object.keys(env), `${name} must set ${key} (default ${String(defaults)})`).toContain(key);
        }
      }
    }
  });

  it('points every address at a compose service (the browser-facing PUBLIC_BASE_URL aside)', () => {
    for (const name of ours) {
      for (const [key, value] of Object.entries(resolvedEnv(compose.services[name]!))) {
        if (key === 'PUBLIC_BASE_URL') continue;
        const hosts = /^[a-z][a-z0-9+.-]*:\/\//.test(value)
          ? [new URL(value).hostname]
          : key === 'KAFKA_BROKERS'
            ? value.split(',').map((broker) => broker.split(':')[0]!)
            : [];
        for (const host of hosts) expect(names, `${name} ${key}=${value}`).toContain(host);
      }
    }
  });

  it('passes the webhook secrets through to every process whose config refuses their demo defaults in production', () => {
    for (const [name, key] of [
      ['esim', 'ESIM_WEBHOOK_SECRET'],
      ['physical-sim', 'PHYSICAL_SIM_WEBHOOK_SECRET'],
      ['physical-sim-worker', 'PHYSICAL_SIM_WEBHOOK_SECRET'],
    ] as const) {
      expect(Object.keys(compose.services[name]!.environment ?? {}), name).toContain(key);
    }
  });

  it('has Prometheus scrape every copy of every service and the gateway at its port, with a config promtool accepts', () => {
    const configFile = path.join(ROOT_DIR, 'infra/docker/prometheus.yml');
    expect(compose.services.prometheus?.volumes).toContain(
      './infra/docker/prometheus.yml:/etc/prometheus/prometheus.yml:ro',
    );
    const config = parse(readFileSync(configFile, 'utf8')) as {
      scrape_configs: Array<{ job_name: string; dns_sd_configs: Array<{ names: string[]; port: number }> }>;
    };
    for (const service of SERVICES) {
      const job = config.scrape_configs.find((j) => j.job_name === service.name);
      expect(job?.dns_sd_configs, service.name).toEqual([{ names: [service.name], type: 'A', port: service.port }]);
    }
    // The token file exists only in the container: checked against a stand-in one.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'esim-prometheus-'));
    try {
      writeFileSync(path.join(dir, 'token'), 'x'.repeat(32));
      writeFileSync(
        path.join(dir, 'prometheus.yml'),
        readFileSync(configFile, 'utf8').replaceAll('/prometheus/token', path.join(dir, 'token')),
      );
      const check = spawnSync('promtool', ['check', 'config', path.join(dir, 'prometheus.yml')], { encoding: 'utf8' });
      expect(check.error, 'promtool not found: apt-get install prometheus').toBeUndefined();
      expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives each service the port the rest of the system expects of it', () => {
    for (const service of SERVICES) {
      expect(String(compose.services[service.name]!.environment?.PORT), service.name).toBe(String(service.port));
    }
    const gateway = compose.services.gateway!.environment ?? {};
    for (const service of SERVICES.filter((s) => s.urlVar)) {
      expect(gateway[service.urlVar!], service.urlVar).toBe(`http://${service.name}:${service.port}`);
    }
  });
});
