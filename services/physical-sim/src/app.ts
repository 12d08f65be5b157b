import { createServiceApp } from '@esim/platform';
import type { JSONWebKeySet } from 'jose';
import { loadPhysicalSimConfig, type PhysicalSimConfig } from './config';

export const SERVICE_NAME = 'physical-sim';
export const SCHEMA = 'physical_sim';

export interface BuildOptions {
  config?: PhysicalSimConfig;
  /** Tests verify tokens with local keys instead of the auth service's JWKS. */
  jwks?: JSONWebKeySet;
}

/** Builds the physical-sim service (routes and event handlers); `server.ts` listens, tests inject. */
export async function buildApp(options: BuildOptions = {}) {
  const config = options.config ?? loadPhysicalSimConfig();
  const app = await createServiceApp({
    name: SERVICE_NAME,
    schema: SCHEMA,
    description: 'eUICC physical SIM stock, imports, dealer orders and returns.',
    config,
    jwks: options.jwks,
  });
  return app;
}
