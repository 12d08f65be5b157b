import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServiceEntry {
  name: 'gateway' | 'auth' | 'catalog' | 'balance' | 'esim' | 'physical-sim';
  /** PostgreSQL schema it owns (none for the gateway). */
  schema?: string;
  port: number;
  dir: string;
  /** Environment variable other processes use to reach it. */
  urlVar?: string;
  /** A background worker process of the service (relative to `dir`), started beside it once the file exists. */
  worker?: string;
  /** V8 flags its process starts with, here, in the cluster's containers and in the benchmarks alike. */
  nodeFlags?: string[];
}

/**
 * The gateway makes many short-lived objects per proxied request: semi-spaces of 64 MB instead of
 * V8's 16 MB let its young generation be collected less often (decision 0015).
 */
const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=64'];

/** Every process `npm start` runs, in start order. The one list the supervisor, tests and docs read. */
export const SERVICES: ServiceEntry[] = [
  { name: 'auth', schema: 'auth', port: 8081, dir: path.join(root, 'services/auth'), urlVar: 'AUTH_URL' },
  { name: 'catalog', schema: 'catalog', port: 8082, dir: path.join(root, 'services/catalog'), urlVar: 'CATALOG_URL' },
  { name: 'balance', schema: 'balance', port: 8083, dir: path.join(root, 'services/balance'), urlVar: 'BALANCE_URL' },
  { name: 'esim', schema: 'esim', port: 8084, dir: path.join(root, 'services/esim'), urlVar: 'ESIM_URL' },
  {
    name: 'physical-sim',
    schema: 'physical_sim',
    port: 8085,
    dir: path.join(root, 'services/physical-sim'),
    urlVar: 'PHYSICAL_SIM_URL',
    worker: 'src/worker.ts',
  },
  { name: 'gateway', port: 8080, dir: path.join(root, 'services/gateway'), nodeFlags: GATEWAY_NODE_FLAGS },
];

/** What follows `node` to run an entry point as its own process: its V8 flags, tsx, the file and its arguments. */
export const nodeArgs = (entry: string[], nodeFlags: readonly string[] = []): string[] => [
  ...nodeFlags,
  '--import',
  'tsx',
  ...entry,
];

export const SCHEMA_SERVICES = SERVICES.filter((s): s is ServiceEntry & { schema: string } => Boolean(s.schema));
export const ROOT_DIR = root;
