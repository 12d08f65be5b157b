import { createServiceApp } from '@esim/platform';
import type { JSONWebKeySet } from 'jose';
import { loadBalanceConfig, type BalanceConfig } from './config';

export const SERVICE_NAME = 'balance';
export const SCHEMA = 'balance';

export interface BuildOptions {
  config?: BalanceConfig;
  /** Tests verify tokens with local keys instead of the auth service's JWKS. */
  jwks?: JSONWebKeySet;
}

/** Builds the balance service (routes and event handlers); `server.ts` listens, tests inject. */
export async function buildApp(options: BuildOptions = {}) {
  const config = options.config ?? loadBalanceConfig();
  const app = await createServiceApp({
    name: SERVICE_NAME,
    schema: SCHEMA,
    description: 'Double-entry ledger: balances, holds, dealer credit and cash, collections, transactions.',
    config,
    jwks: options.jwks,
  });
  return app;
}
