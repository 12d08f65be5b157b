import { existsSync, statSync } from 'node:fs';
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
const NO_CACHE = 'no-cache';
/** Files without a content hash in their name (favicon, robots.txt, ...). */
const SHORT = 'public, max-age=3600';

/** Vite puts every content-hashed file under `assets/`: safe to cache for a year. */
function cacheControlOf(relative: string): string {
  if (relative.endsWith('.html')) return NO_CACHE;
  return relative.startsWith('assets/') ? IMMUTABLE : SHORT;
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
export async function registerSpas(app: FastifyInstance, builds: { storefront: string; backoffice: string }): Promise<void> {
  const storefront: SpaBuild = { name: 'Storefront', prefix: '', root: path.resolve(builds.storefront) };
  const backoffice: SpaBuild = { name: 'Back office', prefix: '/dashboard', root: path.resolve(builds.backoffice) };
  // Only for `reply.sendFile` (ranges, ETag, 304s, content types); routing is ours below.
  await app.register(fastifyStatic, { root: storefront.root, serve: false, cacheControl: false, dotfiles: 'ignore' });

  const send = (reply: FastifyReply, build: SpaBuild, relative: string) =>
    reply.header('cache-control', cacheControlOf(relative)).sendFile(relative, build.root);

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0]!;
    const build = pathname === backoffice.prefix || pathname.startsWith(`${backoffice.prefix}/`) ? backoffice : storefront;
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.slice(build.prefix.length)).replace(/^\/+/, '');
    } catch {
      throw notFound('route_not_found');
    }
    if (relative.includes('\0')) throw notFound('route_not_found');
    const file = relative === '' ? undefined : fileUnder(build.root, relative);
    if (file) return send(reply, build, file);
    if (relative !== '' && !isNavigation(request, relative)) throw notFound('route_not_found');
    if (!existsSync(path.join(build.root, 'index.html'))) {
      return reply.status(503).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(buildMissingPage(build));
    }
    return send(reply, build, 'index.html');
  };

  app.get('/*', { schema: { hide: true } }, serve);
  app.get('/', { schema: { hide: true } }, serve);
}
