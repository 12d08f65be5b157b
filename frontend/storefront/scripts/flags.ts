import { copyFileSync, createReadStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** flag-icons' 4:3 SVGs, one file per country code. */
const FLAGS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
  'flags/4x3',
);

/**
 * Flags are served as `/flags/<code>.svg` (copied into the build, served from the package in dev),
 * so the app needs no table of 270 hashed file names in its JavaScript.
 */
export function flags(): Plugin {
  let outDir = 'dist';
  return {
    name: 'storefront-flags',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/flags', (request, response, next) => {
        const file = path.join(FLAGS_DIR, path.basename(request.url ?? ''));
        if (!file.endsWith('.svg') || !existsSync(file)) return next();
        response.setHeader('content-type', 'image/svg+xml');
        createReadStream(file).pipe(response);
      });
    },
    writeBundle() {
      if (this.environment.config.build.ssr) return;
      mkdirSync(path.join(outDir, 'flags'), { recursive: true });
      for (const file of readdirSync(FLAGS_DIR))
        copyFileSync(path.join(FLAGS_DIR, file), path.join(outDir, 'flags', file));
    },
  };
}
