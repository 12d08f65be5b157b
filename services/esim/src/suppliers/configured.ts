import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from '@esim/platform';
import type { EsimConfig } from '../config';
import type { Supplier } from '../provider/supplier';
import { airaloSupplier } from './airalo';
import { esimAccessSupplier } from './esimaccess';

/** Where a supplier posts its webhooks, through the gateway. */
export const supplierWebhookUrl = (config: EsimConfig, supplier: 'airalo' | 'esimaccess') =>
  new URL(`/api/webhooks/${supplier}`, config.PUBLIC_BASE_URL).toString();

/** The suppliers whose settings are given (both keys each; the configuration refuses half). */
export function configuredSuppliers(config: EsimConfig, redis: Redis, log: FastifyBaseLogger): Supplier[] {
  const suppliers: Supplier[] = [];
  if (config.AIRALO_CLIENT_ID && config.AIRALO_CLIENT_SECRET)
    suppliers.push(airaloSupplier({ config, redis, log, webhookUrl: supplierWebhookUrl(config, 'airalo') }));
  if (config.ESIMACCESS_ACCESS_CODE && config.ESIMACCESS_SECRET_KEY)
    suppliers.push(esimAccessSupplier({ config, redis, log }));
  return suppliers;
}
