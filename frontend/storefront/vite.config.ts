import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the gateway under "/"; the dev server proxies the API to it.
export default defineConfig({
  base: '/',
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: { outDir: 'dist', emptyOutDir: true },
});
