import { createServiceApp } from '@esim/platform';
import type { JSONWebKeySet } from 'jose';
import { loadAuthConfig, type AuthConfig } from './config';

export const SERVICE_NAME = 'auth';
export const SCHEMA = 'auth';

export interface BuildOptions {
  config?: AuthConfig;
  /** Tests verify tokens with local keys instead of the auth service's JWKS. */
  jwks?: JSONWebKeySet;
}

/** Builds the auth service (routes and event handlers); `server.ts` listens, tests inject. */
export async function buildApp(options: BuildOptions = {}) {
  const config = options.config ?? loadAuthConfig();
  const app = await createServiceApp({
    name: SERVICE_NAME,
    schema: SCHEMA,
    description: 'Accounts of every role, sign-in, tokens, password reset, dealers and sales managers.',
    config,
    jwks: options.jwks,
  });
  return app;
}
