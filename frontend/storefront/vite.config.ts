import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
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

// Served by the gateway under "/"; the dev server proxies the API to it.
export default defineConfig({
  base: '/',
  define: { __SITE_ORIGIN__: JSON.stringify(siteOrigin) },
  plugins: [react(), languageSplit(), flags(), buildExtras({ origin: siteOrigin })],
  server: { proxy: { '/api': 'http://localhost:8080' }, fs: { allow: [path.resolve(here, '../..')] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
  },
});
