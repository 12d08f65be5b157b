import fc from 'fast-check';
import type { Knex } from 'knex';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ROUTES } from '@esim/contracts';
import type { System } from '../flows/system';
import {
  callersOf,
  openApiOf,
  requestArbitrary,
  schemasFromOpenApi,
  type Caller,
  type HostileRequest,
  type KnownIds,
  type Target,
} from './requests';
import { changedTables, eventsInFlight, inFlightQuery, snapshot, snapshotQuery, type Snapshot } from './state';

/**
 * Runs the hostile suite against a started system: every route of every running service
 * (straight from ROUTES, so routes added later are covered by themselves) for every caller that
 * may call it, with requests fast-check generates from the route's schemas. Requests go in small
 * concurrent batches; after each batch the state of every table is compared: a batch whose
 * requests were all refused (or were reads) must leave it exactly as it was.
 */
export interface HostileReport {
  seed: number;
  requests: number;
  byStatus: Record<string, number>;
  status4xx: number;
  status5xx: number;
  acceptedWrites: number;
  stateChanges: number;
  refusedWithChange: Array<{ requests: string[]; tables: string[] }>;
  failures: Array<{ request: string; status: number; body: string }>;
  targets: number;
  routes: number;
  uncovered: string[];
  seconds: number;
}

const CALLER_EMAIL: Record<Exclude<Caller, 'anonymous'>, string> = {
  admin: 'admin@esim.test',
  'sales-manager': 'sales@esim.test',
  dealer: 'dealer@esim.test',
  retail: 'customer@esim.test',
};

const BATCH = 16;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Client addresses the requests come from (benchmarking range): spread so per-address limits rarely decide. */
const ADDRESSES = Array.from({ length: 128 }, (_, i) => `198.18.${i >> 4}.${(i & 15) + 1}`);

export async function runHostile(
  system: System,
  db: Knex,
  options: { requests: number; seed: number; log?: (line: string) => void; tokens?: Map<Caller, string> },
): Promise<HostileReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});

  // Callers and their tokens (signed in again whenever a request ends their session).
  const tokens = new Map<Caller, string>();
  let relogins = 0;
  const signIn = async (caller: Caller) => {
    if (caller === 'anonymous') return;
    const res = await system.api('POST', '/login', {
      body: { email: CALLER_EMAIL[caller], password: DEMO_PASSWORD },
      remoteAddress: `198.19.0.${++relogins % 250}`,
    });
    if (res.status !== 200)
      throw new Error(`cannot sign ${caller} in again: ${res.status} ${JSON.stringify(res.body)}`);
    tokens.set(caller, res.body.data.token);
  };
  for (const caller of Object.keys(CALLER_EMAIL) as Caller[]) {
    const token = options.tokens?.get(caller);
    if (token) tokens.set(caller, token);
    else await signIn(caller);
  }

  // Targets: the route table × callers, with each route's schemas from its service's OpenAPI.
  const docs = new Map(Object.entries(system.services).map(([name, app]) => [name, openApiOf(app)]));
  const routes = ROUTES.filter((rule) => system.running.has(rule.service));
  const uncovered = ROUTES.filter((rule) => !system.running.has(rule.service)).map(
    (rule) => `${rule.method} ${rule.path} (${rule.service} not running)`,
  );
  const targets: Target[] = routes.flatMap((rule) => {
    const schemas = schemasFromOpenApi(docs.get(rule.service), rule);
    // A public route is called without a token (a token there could sign the caller out: /logout).
    return callersOf(rule)
      .filter((caller) => rule.access !== 'public' || caller === 'anonymous')
      .map((caller) => ({ rule, caller, schemas }));
  });

  // Ids for path segments: seeded rows that exist (never the signed-in callers themselves), plus made-up ones.
  const signedIn = new Set(DEMO_ACCOUNTS.filter((a) => Object.values(CALLER_EMAIL).includes(a.email)).map((a) => a.id));
  const known: KnownIds = {
    ids: [
      ...DEMO_ACCOUNTS.filter((a) => !signedIn.has(a.id)).map((a) => a.id),
      ...(
        (await db.raw(`SELECT id::text FROM catalog.packages ORDER BY id LIMIT 5`)).rows as Array<{ id: string }>
      ).map((r) => r.id),
      ...(
        (await db.raw(`SELECT a2 AS id FROM catalog.countries ORDER BY a2 LIMIT 3`)).rows as Array<{ id: string }>
      ).map((r) => r.id),
      ...((await db.raw(`SELECT slug FROM catalog.countries ORDER BY a2 LIMIT 3`)).rows as Array<{ slug: string }>).map(
        (r) => r.slug,
      ),
    ],
  };

  // Requests drawn lazily, round robin over targets, each target from its own seeded stream.
  const streams = targets.map((target, index) => ({
    arbitrary: requestArbitrary(target, known),
    index,
    chunk: 0,
    buffer: [] as HostileRequest[],
  }));
  const next = (turn: number): HostileRequest => {
    const stream = streams[turn % streams.length]!;
    if (stream.buffer.length === 0) {
      stream.buffer = fc.sample(stream.arbitrary, {
        seed: (options.seed + stream.index * 7919 + stream.chunk * 104_729) | 0,
        numRuns: 8,
      });
      stream.chunk += 1;
    }
    return stream.buffer.shift()!;
  };

  const query = await snapshotQuery(db);
  const pendingQuery = await inFlightQuery(db);
  const report: HostileReport = {
    seed: options.seed,
    requests: 0,
    byStatus: {},
    status4xx: 0,
    status5xx: 0,
    acceptedWrites: 0,
    stateChanges: 0,
    refusedWithChange: [],
    failures: [],
    targets: targets.length,
    routes: routes.length,
    uncovered,
    seconds: 0,
  };

  /** Waits until events from accepted writes have run everywhere: none in flight, then two equal snapshots in a row. */
  const settled = async (): Promise<Snapshot> => {
    for (let i = 0; i < 100 && (await eventsInFlight(db, pendingQuery)) > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    let previous = await snapshot(db, query);
    for (let i = 0; i < 40; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const current = await snapshot(db, query);
      if (changedTables(previous, current).length === 0) return current;
      previous = current;
    }
    return previous;
  };

  const timing = { send: 0, check: 0, generate: 0 };
  log(`hostile: set up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let baseline = await settled();
  let turn = 0;
  while (report.requests < options.requests) {
    const generateStarted = Date.now();
    const batch = Array.from({ length: Math.min(BATCH, options.requests - report.requests) }, () => next(turn++));
    timing.generate += Date.now() - generateStarted;
    const sendStarted = Date.now();
    const results = await Promise.all(batch.map((request) => send(system, request, tokens)));
    timing.send += Date.now() - sendStarted;
    const checkStarted = Date.now();
    report.requests += batch.length;
    let accepted = false;
    const expired = new Set<Caller>();
    results.forEach(({ status, body }, i) => {
      const request = batch[i]!;
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
      if (status >= 500) {
        report.status5xx += 1;
        if (report.failures.length < 25)
          report.failures.push({ request: describe(request), status, body: body.slice(0, 300) });
      } else if (status >= 400) report.status4xx += 1;
      if (status < 400 && WRITE_METHODS.has(request.method)) {
        accepted = true;
        report.acceptedWrites += 1;
      }
      if (status === 401 && request.caller !== 'anonymous') expired.add(request.caller);
    });
    const after = accepted ? await settled() : await snapshot(db, query);
    const changed = changedTables(baseline, after);
    if (changed.length > 0) {
      report.stateChanges += 1;
      if (!accepted) report.refusedWithChange.push({ requests: batch.map(describe), tables: changed });
    }
    baseline = after;
    timing.check += Date.now() - checkStarted;
    for (const caller of expired) await signIn(caller);
    if (report.requests % 1000 < BATCH) log(`hostile: ${report.requests} requests, ${report.status5xx} × 5xx`);
  }
  report.seconds = Math.round((Date.now() - started) / 100) / 10;
  log(
    `hostile: ${(timing.generate / 1000).toFixed(1)} s generating, ${(timing.send / 1000).toFixed(1)} s sending, ${(timing.check / 1000).toFixed(1)} s checking state`,
  );
  return report;
}

async function send(
  system: System,
  request: HostileRequest,
  tokens: Map<Caller, string>,
): Promise<{ status: number; body: string }> {
  const token = request.caller === 'anonymous' ? undefined : tokens.get(request.caller);
  try {
    const res = await system.gateway.inject({
      method: request.method as never,
      url: request.url,
      remoteAddress: ADDRESSES[Math.abs(hash(request.url)) % ADDRESSES.length],
      headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    return { status: res.statusCode, body: res.body };
  } catch (error) {
    // The HTTP layer itself refused to build the request (e.g. a header light-my-request rejects):
    // nothing reached the server, so it counts as a 400 a real server would give.
    return { status: 400, body: String(error) };
  }
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i += 7) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h;
}

function describe(request: HostileRequest): string {
  const payload = request.payload === undefined ? '' : ` ${String(request.payload).slice(0, 160)}`;
  return `${request.caller} ${request.method} ${request.url.slice(0, 200)} [${request.kind}] ${JSON.stringify(request.headers).slice(0, 160)}${payload}`;
}
