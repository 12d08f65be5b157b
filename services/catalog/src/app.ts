import { createServiceApp } from '@esim/platform';
import type { JSONWebKeySet } from 'jose';
import { loadCatalogConfig, type CatalogConfig } from './config';

export const SERVICE_NAME = 'catalog';
export const SCHEMA = 'catalog';

export interface BuildOptions {
  config?: CatalogConfig;
  /** Tests verify tokens with local keys instead of the auth service's JWKS. */
  jwks?: JSONWebKeySet;
}

/** Builds the catalog service (routes and event handlers); `server.ts` listens, tests inject. */
export async function buildApp(options: BuildOptions = {}) {
  const config = options.config ?? loadCatalogConfig();
  const app = await createServiceApp({
    name: SERVICE_NAME,
    schema: SCHEMA,
    description: 'Countries, regions, eSIM packages and the price each buyer pays.',
    config,
    jwks: options.jwks,
  });
  return app;
}
