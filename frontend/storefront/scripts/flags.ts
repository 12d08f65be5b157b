import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';

/** flag-icons' 4:3 SVGs, one file per country code. */
const FLAGS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
  'flags/4x3',
);
/** Wide enough for the largest flag the storefront shows (48 CSS px) on a 2.5x phone screen. */
const WIDTH_PX = 120;
/** The shop's mark (public/favicon.svg), for a tab's 32 CSS px on a 2x screen. */
const FAVICON_SVG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/favicon.svg');
const FAVICON_PX = 64;

/**
 * An SVG image as a PNG: a browser builds a whole document on the page's main thread for every SVG
 * image (the favicon's too), while a PNG is decoded off it.
 */
export function svgPng(svgFile: string, width: number): Buffer {
  return new Resvg(readFileSync(svgFile), { fitTo: { mode: 'width', value: width } }).render().asPng();
}

/** One flag as a PNG. */
export const flagPng = (svgFile: string): Buffer => svgPng(svgFile, WIDTH_PX);

/**
 * Flags are served as `/flags/<code>.png` (rendered into the build, rendered on request in dev),
 * so the app needs no table of 270 hashed file names in its JavaScript; the favicon as `/favicon.png`.
 */
export function flags(): Plugin {
  let outDir = 'dist';
  return {
    name: 'storefront-flags',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/favicon.png', (_request, response) => {
        response.setHeader('content-type', 'image/png');
        response.end(svgPng(FAVICON_SVG, FAVICON_PX));
      });
      server.middlewares.use('/flags', (request, response, next) => {
        const name = path.basename(request.url ?? '');
        const file = path.join(FLAGS_DIR, name.replace(/\.png$/, '.svg'));
        if (!name.endsWith('.png') || !existsSync(file)) return next();
        response.setHeader('content-type', 'image/png');
        response.end(flagPng(file));
      });
    },
    writeBundle() {
      if (this.environment.config.build.ssr) return;
      writeFileSync(path.join(outDir, 'favicon.png'), svgPng(FAVICON_SVG, FAVICON_PX));
      mkdirSync(path.join(outDir, 'flags'), { recursive: true });
      for (const file of readdirSync(FLAGS_DIR).filter((name) => name.endsWith('.svg')))
        writeFileSync(path.join(outDir, 'flags', file.replace(/\.svg$/, '.png')), flagPng(path.join(FLAGS_DIR, file)));
    },
  };
}
