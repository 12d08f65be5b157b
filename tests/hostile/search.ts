import type { Knex } from 'knex';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ROUTES, type RouteRule } from '@esim/contracts';
import type { System } from '../flows/system';
import { callersOf, openApiOf, schemasFromOpenApi, type Caller, type OpenApiDoc, type RouteSchemas } from './requests';

/**
 * Every list route that declares `q` or `search` must search with it or refuse it, never ignore it:
 * a route that searches narrows its list to nothing for text no row holds (as `q`, `search` and
 * react-admin's `filter={"q":…}`); a route that refuses answers 400 naming the parameter.
 */
export interface SearchCheck {
  route: string;
  caller: Caller;
  /** How the route treats a search: it narrows the list, it refuses the parameter, or it refuses this caller (a retail customer on a dealers-only route). */
  kind: 'searches' | 'refuses' | 'refuses the caller';
  /** The list's total without a search (searching routes). */
  unfiltered?: number;
  /** Each way of sending the search → the total it gave, or the status and field of a refusal. */
  answers: Record<string, string>;
  /** What was wrong, if anything. */
  problems: string[];
}

const CALLER_EMAIL: Record<Exclude<Caller, 'anonymous'>, string> = {
  admin: 'admin@esim.test',
  'sales-manager': 'sales@esim.test',
  dealer: 'dealer@esim.test',
  retail: 'customer@esim.test',
};
const SEARCH_NAMES = ['q', 'search'] as const;
/** What a dealers-only route (buying Plus packages) answers a retail customer, whatever the query: 403 with this code. */
const DEALERS_ONLY = 'plus_dealers_only';

/** Letters only, from the seed: no row holds it, and no digits a digits-only search (ICCID, serial) could take as a prefix. */
export function unmatchedText(seed: number): string {
  let state = seed >>> 0 || 1;
  let text = 'zqx';
  for (let i = 0; i < 12; i++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    text += String.fromCharCode(97 + ((state >>> 16) % 26));
  }
  return text;
}

/** The optional `q`/`search` a GET route's list takes (a required one is a lookup, not a list filter); `not` marks a refused one. */
function searchParamsOf(doc: OpenApiDoc | undefined, rule: RouteRule): Array<{ name: string; refused: boolean }> {
  const operation = doc?.paths?.[rule.path.replace(/:(\w+)/g, '{$1}')]?.get as
    { parameters?: Array<{ in: string; name: string; required?: boolean; schema: object }> } | undefined;
  return (operation?.parameters ?? [])
    .filter((p) => p.in === 'query' && !p.required && (SEARCH_NAMES as readonly string[]).includes(p.name))
    .map((p) => ({ name: p.name, refused: 'not' in p.schema }));
}

const totalOf = (body: { data?: unknown; meta?: { total?: number } }): number | undefined =>
  typeof body?.meta?.total === 'number' ? body.meta.total : Array.isArray(body?.data) ? body.data.length : undefined;

/** Each signed-in caller's token (sign-ins are slow by design: the suites share them). */
export async function signInCallers(system: System): Promise<Map<Caller, string>> {
  const tokens = new Map<Caller, string>();
  for (const [caller, email] of Object.entries(CALLER_EMAIL) as Array<[Caller, string]>) {
    const res = await system.api('POST', '/login', {
      body: { email, password: DEMO_PASSWORD },
      remoteAddress: '198.19.1.1',
    });
    if (res.status !== 200) throw new Error(`cannot sign ${caller} in: ${res.status} ${JSON.stringify(res.body)}`);
    tokens.set(caller, res.body.data.token);
  }
  return tokens;
}

export async function checkListSearches(
  system: System,
  db: Knex,
  seed: number,
  tokens: Map<Caller, string>,
): Promise<SearchCheck[]> {
  const text = unmatchedText(seed);
  // Path parameters worth trying: the seeded dealers (the sales manager's own first) and country slugs.
  const dealerIds = DEMO_ACCOUNTS.filter((a) => a.role === 'dealer').map((a) => a.id);
  const slugs = (
    (await db.raw(`SELECT slug FROM catalog.countries ORDER BY a2 LIMIT 3`)).rows as Array<{ slug: string }>
  ).map((r) => r.slug);
  const candidates = [...dealerIds, ...slugs];

  const docs = new Map(Object.entries(system.services).map(([name, app]) => [name, openApiOf(app)]));
  // Reads only, so every route × caller runs at once.
  const pending = ROUTES.filter((r) => r.method === 'GET' && system.running.has(r.service)).flatMap((rule) => {
    const params = searchParamsOf(docs.get(rule.service), rule);
    if (params.length === 0) return [];
    const schemas = schemasFromOpenApi(docs.get(rule.service), rule);
    const callers = callersOf(rule).filter((caller) => rule.access !== 'public' || caller === 'anonymous');
    return callers.map((caller) =>
      checkRoute(system, rule, schemas, params, caller, tokens.get(caller), candidates, text),
    );
  });
  return Promise.all(pending);
}

async function checkRoute(
  system: System,
  rule: RouteRule,
  schemas: RouteSchemas,
  params: Array<{ name: string; refused: boolean }>,
  caller: Caller,
  token: string | undefined,
  candidates: string[],
  text: string,
): Promise<SearchCheck> {
  const refuses = params.every((p) => p.refused);
  const check: SearchCheck = {
    route: `GET ${rule.path}`,
    caller,
    kind: refuses ? 'refuses' : 'searches',
    answers: {},
    problems: [],
  };
  const get = (path: string, query: string) =>
    system.api('GET', `${path}?${query}`, { token, remoteAddress: '198.19.1.2' });

  // The route's path with ids that exist (the first that answers the unfiltered list).
  const paramNames = rule.path.match(/:(\w+)/g) ?? [];
  const paths =
    paramNames.length === 0
      ? [rule.path]
      : candidates.map((id) =>
          paramNames.reduce((path, name) => path.replace(name, encodeURIComponent(id)), rule.path),
        );
  let path: string | undefined;
  for (const candidate of paths) {
    const res = await get(candidate, 'page=1');
    if (res.status === 200) {
      path = candidate;
      check.unfiltered = totalOf(res.body);
      break;
    }
    if (caller === 'retail' && res.status === 403 && res.body?.code === DEALERS_ONLY) {
      check.kind = 'refuses the caller';
      check.answers.unfiltered = `${res.status} ${res.body.code}`;
      return check;
    }
  }
  // A refusal comes from the query's schema, before the handler looks the id up: any well-formed id shows it.
  if (!path && refuses) path = paths[0];
  if (!path) {
    check.problems.push('no seeded id answers the list with 200');
    return check;
  }

  const ways: Array<[string, string]> = params.map(({ name }) => [name, `${name}=${encodeURIComponent(text)}`]);
  if (schemas.query.filter) ways.push(['filter.q', `filter=${encodeURIComponent(JSON.stringify({ q: text }))}`]);
  for (const [way, query] of ways) {
    const res = await get(path, query);
    if (refuses) {
      const field = res.body?.errors?.[0]?.path;
      check.answers[way] = `${res.status} ${field}`;
      if (res.status !== 400 || field !== way)
        check.problems.push(`${way}: ${res.status} naming ${field}, not a 400 naming ${way}`);
    } else {
      const total = res.status === 200 ? totalOf(res.body) : undefined;
      check.answers[way] = res.status === 200 ? String(total) : `status ${res.status}`;
      if (total !== 0)
        check.problems.push(
          `${way}=${text}: ${res.status === 200 ? `total ${total}` : `status ${res.status}`}, not 0 (unfiltered ${check.unfiltered})`,
        );
    }
  }
  return check;
}
