import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { buildExtras } from './scripts/build-extras';
import { flags } from './scripts/flags';
import { languageSplit } from './scripts/language-split';

const here = path.dirname(fileURLToPath(import.meta.url));
// The address users reach the shop at (the project's one setting for it, also used in e-mailed
// links): sitemap, robots.txt and the pages' canonical and hreflang links name it.
const siteOrigin = (process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT_BASE ?? 8080}`).replace(
  /\/$/,
  '',
);

const ENTRY = path.join(here, 'src/main.tsx');
// The contracts package's entry re-exports all of it (side-effect free: a bundle keeps only what is used).
const CONTRACTS_ENTRY = path.resolve(here, '../../packages/contracts/src/index.ts');

/**
 * Whether a module is part of the start-up's own code: the entry's static imports, all the way
 * down (not through contracts' re-exports, which would pull in all of contracts). They go into one
 * chunk rather than the many shared ones the splitter would make, because each file the start
 * fetches is a modulepreload link whose insertion costs a phone's main thread before the app starts.
 */
function startUpModule(id: string, getModuleInfo: (id: string) => { importers: readonly string[] } | null): boolean {
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length) {
    const next = queue.pop()!;
    if (next === ENTRY) return true;
    if (seen.has(next) || next === CONTRACTS_ENTRY) continue;
    seen.add(next);
    queue.push(...(getModuleInfo(next)?.importers ?? []));
  }
  return false;
}

/**
 * Marks the start chunk for eager compilation (V8's explicit compile hint): nearly every function
 * in it runs as a page starts, and V8 then compiles them on a background thread while the file
 * downloads, instead of on the main thread at each one's first call.
 */
function compileStartEagerly(): Plugin {
  return {
    name: 'storefront-compile-start-eagerly',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    // After Vite's own step that writes the chunk's first line: the hint must come first.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.name === 'start')
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

// Served by the gateway under "/"; the dev server proxies the API to it.
export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  define: { __SITE_ORIGIN__: JSON.stringify(siteOrigin) },
  plugins: [react(), languageSplit(), flags(), compileStartEagerly(), buildExtras({ origin: siteOrigin })],
  server: { proxy: { '/api': 'http://localhost:8080' }, fs: { allow: [path.resolve(here, '../..')] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // The browser build only (the prerender's server build is one file anyway).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: (id, ctx) => (startUpModule(id, (other) => ctx.getModuleInfo(other)) ? 'start' : null),
                  debugName: 'start',
                },
              ],
            },
          },
        },
  },
}));
