import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { baseConfigSchema, refuseDemoSecrets, withAppMode } from '@esim/platform';
import { ROOT_DIR, SERVICES, type ServiceEntry } from './services';

/** The port every process gets when PORT_BASE is the default (gateway 8080, services 8081-8085). */
const DEFAULT_PORT_BASE = 8080;

/**
 * What `npm start`, `npm run migrate` and `npm run seed` read: the settings every process shares
 * plus the supervisor's own. Service-specific keys are read by the services themselves.
 */
export const startConfigSchema = baseConfigSchema.extend({
  /** The gateway listens here; the services on the next five ports (PORT_BASE+1 ... +5). */
  PORT_BASE: z.coerce.number().int().min(1).max(65_530).default(DEFAULT_PORT_BASE),
  /** Demo mode's local mail catcher: SMTP port the services send to, and its web inbox. */
  MAIL_SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(1025),
  MAIL_WEB_PORT: z.coerce.number().int().min(1).max(65_535).default(1080),
  /** Outgoing mail. Unset in demo mode: the local mail catcher. */
  SMTP_URL: z.string().optional(),
  /** Address users reach the shop at (links in e-mails). Unset: http://localhost:<PORT_BASE>. */
  PUBLIC_BASE_URL: z.string().optional(),
  // The platform's INTERNAL_SERVICE_TOKEN default is a fixed demo value; the supervisor replaces
  // an unset one with a random token per run, so it must know whether it was set.
  INTERNAL_SERVICE_TOKEN: z.string().min(16).optional(),
  /** The running shop's API the storefront's build reads the brand and seller from (the build npm start runs, or npm run build). */
  SHOP_API_URL: z.url().optional(),
  /**
   * A directory where a file named after a process (`catalog-2`) keeps that process down once it
   * exits, instead of restarting it: a copy lost for good, as on a lost node. Unset: every exit restarts.
   */
  HOLD_DOWN_DIR: z.string().optional(),
});

export type StartSettings = z.infer<typeof startConfigSchema>;

export class SettingsError extends Error {}

/** Reads `.env` at the repository root if present; variables already in the environment win. */
export function loadDotEnv(file = path.join(ROOT_DIR, '.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadStartSettings(env: NodeJS.ProcessEnv = process.env): StartSettings {
  const result = startConfigSchema.safeParse(withAppMode(env));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new SettingsError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (result.data.APP_MODE === 'production' && !result.data.INTERNAL_SERVICE_TOKEN) {
    throw new SettingsError(
      'Invalid configuration:\n  INTERNAL_SERVICE_TOKEN: set a secret of your own in production mode',
    );
  }
  return result.data;
}

/** Secrets only some services read (so not settings of the supervisor), whose published demo defaults production refuses. */
export const SERVICE_SECRETS = ['ESIM_WEBHOOK_SECRET', 'PHYSICAL_SIM_WEBHOOK_SECRET'] as const;

/**
 * `npm start` refuses the services' demo secrets in production before anything starts, as it
 * refuses the internal token: left to the services, each would refuse at start-up and be restarted
 * over and over until the start gave up.
 */
export function refuseDemoServiceSecrets(
  settings: Pick<StartSettings, 'APP_MODE'>,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const secrets = Object.fromEntries(SERVICE_SECRETS.map((name) => [name, env[name]])) as Record<
    (typeof SERVICE_SECRETS)[number],
    string | undefined
  >;
  refuseDemoSecrets({ APP_MODE: settings.APP_MODE, ...secrets }, SERVICE_SECRETS);
}

/** Copies of a service take the block of ports after the previous copy's (PORT_BASE+6 ... +10 for the second). */
const REPLICA_PORT_STRIDE = SERVICES.filter((s) => s.name !== 'gateway').length;
export const MAX_REPLICAS = 8;

/**
 * Each process's port: its default moved by PORT_BASE, so a second system can run beside the
 * first, and by the copy's number (from 0) when `--replicas` runs several copies of each service.
 */
export function portOf(service: ServiceEntry, portBase: number, replica = 0): number {
  return service.port - DEFAULT_PORT_BASE + portBase + replica * REPLICA_PORT_STRIDE;
}

/** `npm start -- --replicas N`: how many copies of every service and worker to run (the gateway is one). */
export function parseStartArgs(argv: string[]): { replicas: number } {
  let replicas = 1;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const inline = /^--replicas=(.*)$/.exec(arg);
    if (arg !== '--replicas' && !inline)
      throw new SettingsError(`Unknown argument ${arg} (npm start takes --replicas N and --card-provider fake-iyzico)`);
    const value = inline ? inline[1]! : argv[++i];
    if (!value || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_REPLICAS) {
      throw new SettingsError(`--replicas: a whole number from 1 to ${MAX_REPLICAS}, got ${value ?? 'nothing'}`);
    }
    replicas = Number(value);
  }
  return { replicas };
}

/** Whether a process that exited stays down: a file named after it in HOLD_DOWN_DIR says so (unset: none does). */
export function heldDown(settings: Pick<StartSettings, 'HOLD_DOWN_DIR'>): ((name: string) => boolean) | undefined {
  const dir = settings.HOLD_DOWN_DIR;
  return dir ? (name) => existsSync(path.join(dir, name)) : undefined;
}

/** The address other processes use to reach a listener bound to `host`. */
export function connectHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
}

export function serviceUrl(
  service: ServiceEntry,
  settings: Pick<StartSettings, 'HOST' | 'PORT_BASE'>,
  replica = 0,
): string {
  const host = connectHost(settings.HOST);
  return `http://${host.includes(':') ? `[${host}]` : host}:${portOf(service, settings.PORT_BASE, replica)}`;
}

/** Every copy's URL, comma-separated, as the `*_URL` settings take them. */
export function serviceUrls(
  service: ServiceEntry,
  settings: Pick<StartSettings, 'HOST' | 'PORT_BASE'>,
  replicas: number,
): string {
  return Array.from({ length: replicas }, (_, replica) => serviceUrl(service, settings, replica)).join(',');
}

/** Every auth copy's JWKS, the process's own copy first (keys are fetched from the first that answers). */
function jwksUrls(
  auth: ServiceEntry,
  settings: Pick<StartSettings, 'HOST' | 'PORT_BASE'>,
  replicas: number,
  replica: number,
): string {
  return Array.from(
    { length: replicas },
    (_, i) => `${serviceUrl(auth, settings, (replica + i) % replicas)}/.well-known/jwks.json`,
  ).join(',');
}

export function gatewayPort(settings: Pick<StartSettings, 'PORT_BASE'>): number {
  return portOf(
    SERVICES.find((s) => s.name === 'gateway')!,
    settings.PORT_BASE,
  );
}

export function publicBaseUrl(settings: StartSettings): string {
  return settings.PUBLIC_BASE_URL ?? `http://localhost:${gatewayPort(settings)}`;
}

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db`, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

export interface RunSettings {
  internalToken: string;
  smtpUrl?: string;
  /** Copies of every service and worker (`--replicas`); 1 when unset. */
  replicas?: number;
}

/**
 * The environment one child process runs with: the supervisor's own environment, then every
 * address the processes need to find each other on this machine. Every process, the gateway and
 * each copy of a service alike, gets every copy of each service: its calls spread over them and
 * go past a copy that is down, so a copy that never comes back leaves no other copy's work waiting.
 */
export function childEnvironment(
  service: ServiceEntry,
  settings: StartSettings,
  run: RunSettings,
  base: NodeJS.ProcessEnv = process.env,
  replica = 0,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const other of SERVICES) {
    if (other.urlVar) env[other.urlVar] = serviceUrls(other, settings, run.replicas ?? 1);
  }
  const auth = SERVICES.find((s) => s.name === 'auth')!;
  Object.assign(env, {
    PORT: String(portOf(service, settings.PORT_BASE, replica)),
    HOST: settings.HOST,
    APP_MODE: settings.APP_MODE,
    DATABASE_URL: settings.DATABASE_URL,
    REDIS_URL: settings.REDIS_URL,
    REDIS_PREFIX: settings.REDIS_PREFIX,
    AUTH_JWKS_URL: jwksUrls(auth, settings, run.replicas ?? 1, replica),
    INTERNAL_SERVICE_TOKEN: run.internalToken,
    PUBLIC_BASE_URL: publicBaseUrl(settings),
  });
  if (settings.KAFKA_BROKERS) env.KAFKA_BROKERS = settings.KAFKA_BROKERS;
  else delete env.KAFKA_BROKERS;
  if (run.smtpUrl) env.SMTP_URL = run.smtpUrl;
  // The supervisor's own knobs mean nothing to a service.
  for (const key of ['PORT_BASE', 'MAIL_SMTP_PORT', 'MAIL_WEB_PORT', 'HOLD_DOWN_DIR']) delete env[key];
  return env;
}
