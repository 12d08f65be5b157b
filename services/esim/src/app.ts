import { createServiceApp } from '@esim/platform';
import type { JSONWebKeySet } from 'jose';
import { loadEsimConfig, type EsimConfig } from './config';

export const SERVICE_NAME = 'esim';
export const SCHEMA = 'esim';

export interface BuildOptions {
  config?: EsimConfig;
  /** Tests verify tokens with local keys instead of the auth service's JWKS. */
  jwks?: JSONWebKeySet;
}

/** Builds the esim service (routes and event handlers); `server.ts` listens, tests inject. */
export async function buildApp(options: BuildOptions = {}) {
  const config = options.config ?? loadEsimConfig();
  const app = await createServiceApp({
    name: SERVICE_NAME,
    schema: SCHEMA,
    description: 'eSIM orders, profiles, QR codes and usage.',
    config,
    jwks: options.jwks,
  });
  return app;
}
