import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ProcessSpec } from './supervisor';
import { ROOT_DIR, SERVICES, type ServiceEntry } from './services';
import { childEnvironment, serviceUrl, type StartSettings } from './settings';

export interface PlannedProcess {
  spec: ProcessSpec;
  kind: 'service' | 'gateway' | 'worker';
  service: ServiceEntry;
  /** Polled before the next group starts; workers listen on nothing. */
  readyUrl?: string;
}

export interface Plan {
  /** In start order: services, then the gateway, then workers. */
  groups: { services: PlannedProcess[]; gateway: PlannedProcess[]; workers: PlannedProcess[] };
  /** Services whose `src/server.ts` does not exist (yet): reported, not started. */
  missing: string[];
}

/** `node --import tsx <file>`: one process per service (no tsx wrapper process between us and it). */
function nodeWithTsx(name: string, file: string, env: NodeJS.ProcessEnv): ProcessSpec {
  return { name, command: process.execPath, args: ['--import', 'tsx', file], cwd: ROOT_DIR, env };
}

export function planProcesses(settings: StartSettings, run: { internalToken: string; smtpUrl?: string }): Plan {
  const plan: Plan = { groups: { services: [], gateway: [], workers: [] }, missing: [] };
  for (const service of SERVICES) {
    const env = childEnvironment(service, settings, run);
    const server = path.join(service.dir, 'src/server.ts');
    if (!existsSync(server)) {
      plan.missing.push(service.name);
      continue;
    }
    const kind = service.name === 'gateway' ? 'gateway' : 'service';
    plan.groups[kind === 'gateway' ? 'gateway' : 'services'].push({
      spec: nodeWithTsx(service.name, server, env),
      kind,
      service,
      readyUrl: `${serviceUrl(service, settings)}/ready`,
    });
    if (service.worker) {
      const worker = path.join(service.dir, service.worker);
      if (existsSync(worker)) plan.groups.workers.push({ spec: nodeWithTsx(`${service.name}-worker`, worker, env), kind: 'worker', service });
    }
  }
  return plan;
}
