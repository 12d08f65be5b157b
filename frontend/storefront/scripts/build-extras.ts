import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Public pages worth indexing (kept beside the router's list; a test compares the two). */
export const SITEMAP_PAGES = [
  '/', '/packages', '/packages/united-states', '/coverage', '/balance', '/quick-guide', '/faq', '/why-esim', '/about',
  '/how-it-works', '/euicc', '/partnership', '/contact', '/help-center', '/demo', '/trip-planner', '/privacy', '/terms',
  '/cookies', '/refund-policy', '/login', '/register', '/forgot-password',
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
    writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
  }
}

/** sitemap.xml, robots.txt and the precompressed copies, after Vite has written the build. */
export function buildExtras(options: { origin: string }): Plugin {
  let outDir = 'dist';
  return {
    name: 'storefront-build-extras',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeFileSync(path.join(outDir, 'sitemap.xml'), sitemapXml(options.origin));
      writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(options.origin));
      precompress(outDir);
    },
  };
}
