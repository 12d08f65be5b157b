import { ConfigError } from '@esim/platform';
import type { Knex } from 'knex';
import type { AuthConfig } from '../config';
import { sellerFromView } from '@esim/contracts';
import { readShopIdentity, sellerOf } from '../shop/identity';
import { demoInvoiceProvider } from './demo-provider';
import type { InvoiceProvider } from './port';

/**
 * The provider the configuration names. Demo mode defaults to the demo provider; production
 * refuses to start with none or with the demo one, as its documents are no invoices. `parasut`
 * is built by the caller's factory, which its adapter supplies.
 */
export function chooseInvoiceProvider(
  config: AuthConfig,
  db: Knex,
  factories: { parasut?: () => InvoiceProvider } = {},
): InvoiceProvider {
  const name = config.INVOICE_PROVIDER ?? (config.APP_MODE === 'production' ? undefined : 'demo');
  if (config.APP_MODE === 'production' && name !== 'parasut') {
    throw new ConfigError(
      'Invalid configuration:\n  INVOICE_PROVIDER: production mode issues e-Arşiv invoices through a real provider (parasut)',
    );
  }
  if (name === 'parasut') {
    if (!factories.parasut) {
      throw new ConfigError(
        'Invalid configuration:\n  INVOICE_PROVIDER: the parasut adapter is not available in this build',
      );
    }
    return factories.parasut();
  }
  return demoInvoiceProvider(db, async () => sellerFromView(sellerOf(await readShopIdentity(db, config))));
}
