import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { notFound } from '@esim/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface SpaBuild {
  name: string;
  /** URL prefix the app is served under ('' for the root). */
  prefix: string;
  root: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A build with prerendered pages keeps its SPA shell (no page in it) here; index.html is then the home page. */
const SHELL = 'spa.html';
const NO_CACHE = 'no-cache';
/**
 * The storefront build's route patterns (`/packages/:country`, ...): a page path none of them
 * matches is answered 404 with the build's prerendered not-found page (`404/index.html`), so
 * crawlers and monitors see a missing page as missing.
 */
const ROUTES = 'routes.json';
const NOT_FOUND_PAGE = '404';
/** Files without a content hash in their name (favicon, robots.txt, ...). */
const SHORT = 'public, max-age=3600';

/** Vite puts every content-hashed file under `assets/`: safe to cache for a year. */
function cacheControlOf(relative: string): string {
  if (relative.endsWith('.html')) return NO_CACHE;
  return relative.startsWith('assets/') ? IMMUTABLE : SHORT;
}

/** Types of the files the builds precompress (a `.br`/`.gz` sibling made at build time). */
const COMPRESSIBLE: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The encodings a request accepts, best first (q=0 means "not this one"). */
function acceptedEncodings(header: string | string[] | undefined): Array<'br' | 'gzip'> {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  const accepted = new Set(
    value
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number.parseFloat(q.split('=')[1] ?? '1') > 0)
      .map(([name]) => name!.trim()),
  );
  return (['br', 'gzip'] as const).filter((encoding) => accepted.has(encoding));
}

/** The file under `root` a URL path names, or undefined when it would leave `root` or is not a file. */
function fileUnder(root: string, relative: string): string | undefined {
  const resolved = path.resolve(root, relative);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return undefined;
  try {
    return statSync(resolved).isFile() ? path.relative(root, resolved) : undefined;
  } catch {
    return undefined;
  }
}

/** The storefront's languages; the build prerenders `index.html` in the first and `index.<lng>.html` in the others. */
const LANGUAGES = ['tr', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
const asLanguage = (value: string | undefined): Language | undefined =>
  LANGUAGES.find((lng) => value?.toLowerCase().split('-', 1)[0] === lng);

/**
 * The language the storefront will show this visitor, decided as its detector decides (so the
 * prerendered page is the one the browser hydrates): `?lng=`, then the `i18next` cookie it keeps,
 * then the browser's languages in Accept-Language order; Turkish when none is tr or en.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const fromQuery = asLanguage(query.get('lng') ?? undefined);
  if (fromQuery) return fromQuery;
  const cookie = /(?:^|;\s*)i18next=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
  const fromCookie = asLanguage(cookie);
  if (fromCookie) return fromCookie;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';q='))
    .map(([tag, q], index) => ({ tag: tag!, q: q === undefined ? 1 : Number.parseFloat(q) || 0, index }))
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of accepted) {
    const lng = asLanguage(tag);
    if (lng) return lng;
  }
  return 'tr';
}

/**
 * The HTML the build prerendered for a public page in the visitor's language
 * (`packages/united-states` → `packages/united-states/index.html`, `index.en.html` in English;
 * the home page is the build's own `index.html`), so the page paints before its JavaScript runs.
 */
function prerenderedPage(build: SpaBuild, relative: string, lng: Language): string | undefined {
  if (relative.includes('.')) return undefined;
  const dir = relative.replace(/\/+$/, '');
  if (dir === '' && !existsSync(path.join(build.root, SHELL))) return undefined;
  const names = lng === LANGUAGES[0] ? ['index.html'] : [`index.${lng}.html`, 'index.html'];
  for (const name of names) {
    const file = fileUnder(build.root, path.posix.join(dir, name));
    if (file) return file;
  }
  return undefined;
}

const routeCache = new Map<string, { mtimeMs: number; patterns: string[][] }>();

/** The build's route patterns as path segments, or undefined for a build without the list (every path is then a page). */
function routePatterns(build: SpaBuild): string[][] | undefined {
  const file = path.join(build.root, ROUTES);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  const cached = routeCache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.patterns;
  const { patterns } = JSON.parse(readFileSync(file, 'utf8')) as { patterns: string[] };
  const parsed = patterns.map((pattern) => pattern.split('/').filter(Boolean));
  routeCache.set(file, { mtimeMs, patterns: parsed });
  return parsed;
}

/** Whether a page path is one of the app's routes (`:name` matches any one segment; case-insensitive, as react-router matches). */
export function matchesRoute(patterns: readonly string[][], relative: string): boolean {
  const segments = relative.toLowerCase().split('/').filter(Boolean);
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part.toLowerCase() === segments[index]),
  );
}

/** A navigation (a page the SPA's router handles), not a missing asset: fall back to index.html. */
function isNavigation(request: FastifyRequest, relative: string): boolean {
  const accept = request.headers.accept ?? '*/*';
  if (accept.includes('text/html')) return true;
  // curl and friends send */*: a path without a file extension is a page, with one a missing file.
  return accept.includes('*/*') && !path.posix.basename(relative).includes('.');
}

function buildMissingPage(build: SpaBuild): string {
  return `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><title>${build.name}: build missing</title></head>
<body>
<h1>${build.name} is not built yet</h1>
<p>The gateway serves the built app from <code>${build.root}</code>, which has no <code>index.html</code>.
Run <code>npm run build</code> in the repository, then reload this page (no restart needed).</p>
<p lang="tr">Uygulama henüz derlenmemiş: depoda <code>npm run build</code> çalıştırıp sayfayı yenileyin.</p>
</body></html>
`;
}

/**
 * Serves the storefront build at `/` and the back-office build at `/dashboard`, with the SPA
 * fallback: a page URL that is no file gets its app's index.html, so client-side routes survive a
 * reload. The build directories are looked at per request, so a build made while the gateway
 * runs is picked up, and a missing one answers 503 with what to do instead of crashing.
 */
export async function registerSpas(
  app: FastifyInstance,
  builds: { storefront: string; backoffice: string },
  /** Whether a storefront path that matches a route has anything to show (a country page of an unknown country has not). */
  pageExists: (relative: string) => Promise<boolean> = async () => true,
): Promise<void> {
  const storefront: SpaBuild = { name: 'Storefront', prefix: '', root: path.resolve(builds.storefront) };
  const backoffice: SpaBuild = { name: 'Back office', prefix: '/dashboard', root: path.resolve(builds.backoffice) };
  // Only for `reply.sendFile` (ranges, ETag, 304s, content types); routing is ours below.
  await app.register(fastifyStatic, { root: storefront.root, serve: false, cacheControl: false, dotfiles: 'ignore' });

  /**
   * The build's brotli or gzip copy when the client takes it (made at build time: no compression
   * work per request), else the file itself through @fastify/static (ranges, ETag, 304).
   */
  const send = (request: FastifyRequest, reply: FastifyReply, build: SpaBuild, relative: string) => {
    reply.header('cache-control', cacheControlOf(relative));
    const type = COMPRESSIBLE[path.extname(relative)];
    if (type) {
      if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding');
      for (const encoding of acceptedEncodings(request.headers['accept-encoding'])) {
        const compressed = path.join(build.root, `${relative}.${encoding === 'br' ? 'br' : 'gz'}`);
        let size: number;
        try {
          size = statSync(compressed).size;
        } catch {
          continue;
        }
        const etag = `"${encoding}-${size}-${Math.floor(statSync(path.join(build.root, relative)).mtimeMs)}"`;
        if (reply.statusCode === 200 && request.headers['if-none-match'] === etag)
          return reply.status(304).header('etag', etag).send();
        return reply
          .type(type)
          .header('content-encoding', encoding)
          .header('content-length', size)
          .header('etag', etag)
          .send(createReadStream(compressed));
      }
    }
    return reply.sendFile(relative, build.root);
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0]!;
    const build =
      pathname === backoffice.prefix || pathname.startsWith(`${backoffice.prefix}/`) ? backoffice : storefront;
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.slice(build.prefix.length)).replace(/^\/+/, '');
    } catch {
      throw notFound('route_not_found');
    }
    if (relative.includes('\0')) throw notFound('route_not_found');
    const file = relative === '' ? undefined : fileUnder(build.root, relative);
    if (file) return send(request, reply, build, file);
    if (relative !== '' && !isNavigation(request, relative)) throw notFound('route_not_found');
    if (!existsSync(path.join(build.root, 'index.html'))) {
      return reply
        .status(503)
        .header('cache-control', NO_CACHE)
        .type('text/html; charset=utf-8')
        .send(buildMissingPage(build));
    }
    // Which prerendered page is sent depends on the visitor's language (cookie, Accept-Language).
    reply.header('vary', 'accept-encoding, accept-language, cookie');
    const shell = existsSync(path.join(build.root, SHELL)) ? SHELL : 'index.html';
    const lng = pageLanguage(request);
    const patterns = routePatterns(build);
    if ((patterns && !matchesRoute(patterns, relative)) || (build === storefront && !(await pageExists(relative)))) {
      reply.status(404);
      return send(request, reply, build, prerenderedPage(build, NOT_FOUND_PAGE, lng) ?? shell);
    }
    return send(request, reply, build, prerenderedPage(build, relative, lng) ?? shell);
  };

  app.get('/*', { schema: { hide: true } }, serve);
  app.get('/', { schema: { hide: true } }, serve);
}
