import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildExtras } from './scripts/build-extras';

const here = path.dirname(fileURLToPath(import.meta.url));

// Served by the gateway under "/"; the dev server proxies the API to it.
export default defineConfig({
  base: '/',
  plugins: [react(), buildExtras({ origin: process.env.PUBLIC_SITE_ORIGIN ?? 'https://esimgo.test' })],
  // Contract modules one by one (not the package index): the browser gets only the schemas it uses.
  resolve: { alias: { '@contracts': path.resolve(here, '../../packages/contracts/src') } },
  server: { proxy: { '/api': 'http://localhost:8080' }, fs: { allow: [path.resolve(here, '../..')] } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', manifest: true },
});
