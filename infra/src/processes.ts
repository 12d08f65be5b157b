import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ProcessSpec } from './supervisor';
import { nodeArgs, ROOT_DIR, SERVICES, type ServiceEntry } from './services';
import { childEnvironment, serviceUrl, type RunSettings, type StartSettings } from './settings';

export interface PlannedProcess {
  spec: ProcessSpec;
  kind: 'service' | 'gateway' | 'worker';
  service: ServiceEntry;
  /** Polled before the next group starts; workers listen on nothing. */
  readyUrl?: string;
}

/** `catalog`, or `catalog-1`, `catalog-2` ... when several copies run. */
export function replicaName(name: string, replica: number, replicas: number): string {
  return replicas > 1 ? `${name}-${replica + 1}` : name;
}

export interface Plan {
  /** In start order: services, then the gateway, then workers. */
  groups: { services: PlannedProcess[]; gateway: PlannedProcess[]; workers: PlannedProcess[] };
  /** Services whose `src/server.ts` does not exist (yet): reported, not started. */
  missing: string[];
}

/** `node [flags] --import tsx <file>`: one process per service (no tsx wrapper process between us and it). */
function nodeWithTsx(name: string, file: string, env: NodeJS.ProcessEnv, nodeFlags?: string[]): ProcessSpec {
  return { name, command: process.execPath, args: nodeArgs([file], nodeFlags), cwd: ROOT_DIR, env };
}

/** Every service (each copy of it with `replicas`), then the one gateway, then the workers (a copy beside each service copy). */
export function planProcesses(settings: StartSettings, run: RunSettings): Plan {
  const plan: Plan = { groups: { services: [], gateway: [], workers: [] }, missing: [] };
  const replicas = run.replicas ?? 1;
  for (const service of SERVICES) {
    const server = path.join(service.dir, 'src/server.ts');
    if (!existsSync(server)) {
      plan.missing.push(service.name);
      continue;
    }
    const kind = service.name === 'gateway' ? 'gateway' : 'service';
    const copies = kind === 'gateway' ? 1 : replicas;
    for (let replica = 0; replica < copies; replica++) {
      const env = childEnvironment(service, settings, run, process.env, replica);
      plan.groups[kind === 'gateway' ? 'gateway' : 'services'].push({
        spec: nodeWithTsx(replicaName(service.name, replica, copies), server, env, service.nodeFlags),
        kind,
        service,
        readyUrl: `${serviceUrl(service, settings, replica)}/ready`,
      });
      if (service.worker) {
        const worker = path.join(service.dir, service.worker);
        if (existsSync(worker))
          plan.groups.workers.push({
            spec: nodeWithTsx(replicaName(`${service.name}-worker`, replica, copies), worker, env),
            kind: 'worker',
            service,
          });
      }
    }
  }
  return plan;
}
