import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Public pages worth indexing (kept beside the router's list; a test compares the two). */
export const SITEMAP_PAGES = [
  '/',
  '/packages',
  '/packages/united-states',
  '/coverage',
  '/balance',
  '/quick-guide',
  '/faq',
  '/why-esim',
  '/about',
  '/how-it-works',
  '/euicc',
  '/partnership',
  '/contact',
  '/help-center',
  '/demo',
  '/trip-planner',
  '/privacy',
  '/terms',
  '/cookies',
  '/refund-policy',
  '/login',
  '/register',
  '/forgot-password',
];

export function sitemapXml(origin: string, pages: readonly string[] = SITEMAP_PAGES): string {
  const entries = pages.map((page) => {
    const loc = `${origin}${page}`;
    return `  <url>
    <loc>${loc}</loc>
    <xhtml:link rel="alternate" hreflang="tr" href="${loc}?lng=tr"/>
    <xhtml:link rel="alternate" hreflang="en" href="${loc}?lng=en"/>
    <xhtml:link rel="alternate" hreflang="x-default" href="${loc}"/>
  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *
Allow: /
Disallow: /api/
Disallow: /dashboard
Disallow: /order/
Disallow: /install/

Sitemap: ${origin}/sitemap.xml
`;
}

const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|webmanifest)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes brotli and gzip copies of every text file (the gateway picks one by Accept-Encoding). */
export function precompress(dir: string): void {
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = readFileSync(file);
    if (source.length < 256) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(source, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
  }
}

/**
 * Pages not prerendered: /cookies shows what the visitor's own browser stored (cookie choices);
 * the sign-in forms are typed into at once, and a form the app has not taken over yet is no place
 * for a password (they need no search ranking either).
 */
const NOT_PRERENDERED = new Set(['/cookies', '/login', '/register', '/forgot-password']);
const LANGUAGES = ['tr', 'en'] as const;
/** The SPA shell (no page in it), which the gateway serves for every page without prerendered HTML. */
export const SHELL = 'spa.html';

/** Where a page's prerendered HTML goes: `packages/united-states/index.html`, `index.en.html` for English. */
export function prerenderedFile(page: string, lng: (typeof LANGUAGES)[number]): string {
  return path.posix.join(page.replace(/^\/+/, ''), lng === 'tr' ? 'index.html' : `index.${lng}.html`);
}

/** Where the not-found page is prerendered; the gateway sends it with a 404 for a path no route matches. */
export const NOT_FOUND_PAGE = '/404';

interface ServerEntry {
  PUBLIC_PAGES: readonly string[];
  ROUTE_PATTERNS: readonly string[];
  prerender(pathname: string, lng: string): Promise<{ body: string; head: string; styles: string; data: string }>;
}

/**
 * The built index.html with its font faces inlined (no render-blocking stylesheet request) and
 * its fonts preloaded, early in head, where the browser's preload scanner finds them first.
 */
function shellTemplate(outDir: string): string {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8').replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (_, file: string) => `<style>${readFileSync(path.join(outDir, file), 'utf8')}</style>`,
  );
  return html.replace(/<meta charset="[^"]*" ?\/?>/, (meta) => `${meta}${fontPreloads(html)}`);
}

/**
 * Starts the app once the prerendered page has painted, so its JavaScript does not compete with
 * the first paint for the connection (an external file: the CSP allows no inline script). Shows
 * the prerendered cookie banner at once to a visitor who has not chosen yet.
 * Until the app has taken the page over (it sets data-app-ready on <html>) the prerendered forms
 * are inert: what a visitor typed there would not reach the app's form state, and sending one
 * would be the browser's own GET with every field in the URL (held back too, should one slip by).
 */
/** Where the visitor's cookie choice is stored (CONSENT_KEY in src/features/consent/consent.ts). */
const CONSENT_STORAGE_KEY = 'cookie_preferences';

const BOOT = `(function () {
  var CONSENT_KEY = '${CONSENT_STORAGE_KEY}';
  var me = document.currentScript, started = false, bannerShown = false;
  var root = document.documentElement;
  try {
    if (!localStorage.getItem(CONSENT_KEY)) [].forEach.call(document.querySelectorAll('#root [data-cookie-banner]'), function (banner) { banner.hidden = false; bannerShown = true; });
  } catch (e) { /* storage blocked: the app shows the banner once it starts */ }
  var forms = [].slice.call(document.querySelectorAll('#root form'));
  forms.forEach(function (form) { form.inert = true; });
  document.addEventListener('submit', function (event) {
    if (!root.hasAttribute('data-app-ready')) event.preventDefault();
  }, true);
  // A cookie choice clicked before the app has started is made once it has.
  var choice = null;
  document.addEventListener('click', function (event) {
    if (root.hasAttribute('data-app-ready') || !event.target.closest) return;
    choice = event.target.closest('[data-cookie-banner] button') || choice;
  }, true);
  // Once React has taken the banner's button over (its part of the page hydrates on its own).
  function replayChoice(tries) {
    if (!document.contains(choice)) return;
    if (Object.keys(choice).some(function (key) { return key.indexOf('__reactProps') === 0; })) choice.click();
    else if (tries > 0) setTimeout(function () { replayChoice(tries - 1); }, 100);
  }
  new MutationObserver(function (changes, observer) {
    if (!root.hasAttribute('data-app-ready')) return;
    observer.disconnect();
    forms.forEach(function (form) { form.inert = false; });
    if (choice) replayChoice(50);
  }).observe(root, { attributes: true, attributeFilter: ['data-app-ready'] });
  function start() {
    if (started) return;
    started = true;
    // One request a task: each costs the main thread a moment, and the app's start would otherwise
    // make all of its page's in one long task.
    var steps = [];
    function queue(list) {
      (list || '').split(' ').filter(Boolean).forEach(function (href) { steps.push(preload.bind(null, href)); });
    }
    queue(me.dataset.preload);
    steps.push(function () {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = me.dataset.entry;
      document.head.appendChild(script);
    });
    // Then the page's own chunks and its language (the app's start finds them in the document and adds none).
    queue(me.dataset.pagePreload);
    // And the banner's, when it shows: its part of the page hydrates with the rest instead of fetching its code then.
    if (bannerShown) queue(me.dataset.bannerPreload);
    (function next() {
      steps.shift()();
      if (steps.length) setTimeout(next);
    })();
  }
  function preload(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  requestAnimationFrame(function () { setTimeout(start); });
  setTimeout(start, 500); // a background tab gets no animation frames
})();
`;

/**
 * Preload links for the font files every page's text needs, regular and bold (Turkish letters
 * such as ş, ğ and İ, in the footer's address on English pages too, are in the latin-ext files):
 * fetched with the page, they are there for its first layout, instead of arriving after it and
 * making the browser lay the whole page out again.
 */
export function fontPreloads(html: string): string {
  const files = [...html.matchAll(/url\((\/assets\/roboto-latin(?:-ext)?-(?:400|700)-normal-[^)]+\.woff2)\)/g)].map(
    (m) => m[1]!,
  );
  return [...new Set(files)]
    .map((href) => `<link rel="preload" as="font" type="font/woff2" href="${href}" crossorigin>`)
    .join('');
}

/** The page template for prerendered pages: the app's scripts started by the boot file instead. */
function prerenderTemplate(shell: string, outDir: string): string {
  const boot = `assets/boot-${createHash('sha256').update(BOOT).digest('hex').slice(0, 8)}.js`;
  writeFileSync(path.join(outDir, boot), BOOT);
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const preloads = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  return shell
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(
      /<script type="module" crossorigin src="[^"]+"><\/script>/,
      `<script src="/${boot}" defer data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`,
    );
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The JavaScript files a prerendered page's start needs beyond the entry's own (its page's chunk
 * with its imports, and its language's texts), for the boot file to preload: the page is found
 * by matching its path against the router's list in src/routes.tsx.
 */
export function pagePreloads(
  root: string,
  outDir: string,
): (page: string, lng: string) => { page: string[]; banner: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const closure = (key: string, into = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const entry = closure(Object.keys(manifest).find((key) => manifest[key]!.isEntry)!);
  const moduleKey = (module: string) => ['.tsx', '.ts'].map((ext) => module + ext).find((key) => manifest[key]);
  const routes = [
    ...readFileSync(path.join(root, 'src/routes.tsx'), 'utf8').matchAll(
      /\['([^']*)', page\(\(\) => import\('\.\/([^']+)'\)\)\]/g,
    ),
  ].map(([, pattern, module]) => ({
    test: new RegExp(`^/${pattern!.replace(/:[^/]+/g, '[^/]+').replace('*', '.*')}$`),
    key: moduleKey(`src/${module}`),
  }));
  const banner = closure(moduleKey('src/features/consent/CookieBanner') ?? '');
  if (banner.size === 0) throw new Error('no chunk found for the cookie banner');
  const scripts = (files: Iterable<string>, except: Set<string>) =>
    [...files].filter((file) => !except.has(file) && file.endsWith('.js')).map((file) => `/${file}`);
  return (page, lng) => {
    const route = routes.find(({ test }) => test.test(page));
    if (!route?.key) throw new Error(`no page chunk found for ${page}`);
    const files = closure(route.key, closure(moduleKey(`src/i18n/lang/${lng}`) ?? ''));
    // The cookie banner's chunk with what it needs beyond the start and this page.
    return { page: scripts(files, entry), banner: scripts(banner, new Set([...entry, ...files])) };
  };
}

/**
 * Renders every public page in both languages with the server build of src/entry-server.tsx
 * and writes it where the gateway looks (the shell moves to spa.html).
 */
async function prerenderPages(root: string, outDir: string): Promise<void> {
  const { build } = await import('vite');
  // One server build per output folder, so builds into different folders (test files side by side) never share it.
  const serverDir = path.join(
    root,
    'node_modules/.prerender',
    createHash('sha1').update(outDir).digest('hex').slice(0, 12),
  );
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    // Everything bundled: the server build runs once, here, and must see what the browser sees.
    ssr: { noExternal: true },
    build: { ssr: 'src/entry-server.tsx', outDir: serverDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
  });
  const server = (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as ServerEntry;
  const shell = shellTemplate(outDir);
  writeFileSync(path.join(outDir, SHELL), shell);
  const template = prerenderTemplate(shell, outDir);
  const preloadsOf = pagePreloads(root, outDir);
  writeFileSync(path.join(outDir, 'routes.json'), JSON.stringify({ patterns: server.ROUTE_PATTERNS }));
  // '/404' matches no route but the catch-all, so it renders the not-found page.
  for (const page of [...server.PUBLIC_PAGES.filter((p) => !NOT_PRERENDERED.has(p)), NOT_FOUND_PAGE]) {
    for (const lng of LANGUAGES) {
      const { body, head, styles, data } = await server.prerender(page, lng);
      const preloads = preloadsOf(page, lng);
      const html = template
        .replace('<html lang="tr">', `<html lang="${lng}">`)
        .replace(
          ' data-preload="',
          () =>
            ` data-page-preload="${preloads.page.join(' ')}" data-banner-preload="${preloads.banner.join(' ')}" data-preload="`,
        )
        .replace(/<title>[^<]*<\/title>/, head.includes('<title') ? '' : '$&')
        .replace('</head>', `${head}${styles}</head>`)
        // The not-found page is marked: the app shows it at whatever path the gateway answered 404 (an unknown country).
        .replace(
          '<div id="root"></div>',
          `<div id="root" data-lang="${lng}"${page === NOT_FOUND_PAGE ? ' data-not-found=""' : ''}>${body}</div>${data}`,
        );
      const file = path.join(outDir, prerenderedFile(page, lng));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, html);
    }
  }
}

/** sitemap.xml, robots.txt, the prerendered pages and the precompressed copies, after Vite has written the build. */
export function buildExtras(options: { origin: string }): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'storefront-build-extras',
    // The browser build only (the prerender step's own server build must not start another).
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      writeFileSync(path.join(outDir, 'sitemap.xml'), sitemapXml(options.origin));
      writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(options.origin));
      await prerenderPages(root, outDir);
      precompress(outDir);
    },
  };
}
