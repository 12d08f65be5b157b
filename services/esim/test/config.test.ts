import { describe, expect, it } from 'vitest';
import { ConfigError } from '@esim/platform';
import { loadEsimConfig } from '../src/config';

const production = { APP_MODE: 'production', INTERNAL_SERVICE_TOKEN: 'a-real-secret-of-32-characters!!' };
const ownSeller = { SELLER_TAX_NUMBER: '1234567890', SELLER_MERSIS: '0123456789000015' };

describe('esim config', () => {
  it('refuses the demo webhook secret in production, naming it as the demo service token is named; demo mode keeps it', () => {
    for (const env of [production, { ...production, ESIM_WEBHOOK_SECRET: 'demo-esim-webhook-secret-change-me' }]) {
      expect(() => loadEsimConfig(env)).toThrow(ConfigError);
      expect(() => loadEsimConfig(env)).toThrow(
        'Invalid configuration:\n  ESIM_WEBHOOK_SECRET: set a secret of your own in production mode',
      );
    }
    expect(
      loadEsimConfig({ ...production, ...ownSeller, ESIM_WEBHOOK_SECRET: 'w'.repeat(32) }).ESIM_WEBHOOK_SECRET,
    ).toBe('w'.repeat(32));
    expect(loadEsimConfig({}).ESIM_WEBHOOK_SECRET).toBe('demo-esim-webhook-secret-change-me');
  });

  it('takes the seller from the SELLER_* settings, refuses a malformed tax or MERSIS number, and refuses the placeholder ones in production', () => {
    const seller = {
      SELLER_NAME: 'Örnek Gezi İletişim A.Ş.',
      SELLER_TAX_NUMBER: '1234567890',
      SELLER_MERSIS: '0123456789000015',
    };
    expect(loadEsimConfig(seller)).toMatchObject(seller);
    expect(() => loadEsimConfig({ SELLER_MERSIS: '123' })).toThrow(/SELLER_MERSIS/);
    expect(() => loadEsimConfig({ SELLER_TAX_NUMBER: '12345' })).toThrow(/SELLER_TAX_NUMBER/);
    const secret = { ...production, ESIM_WEBHOOK_SECRET: 'w'.repeat(32) };
    expect(() => loadEsimConfig(secret)).toThrow(
      "Invalid configuration:\n  SELLER_TAX_NUMBER: set the seller's own in production mode\n  SELLER_MERSIS: set the seller's own in production mode",
    );
    expect(loadEsimConfig({ ...secret, ...seller }).SELLER_NAME).toBe('Örnek Gezi İletişim A.Ş.');
  });
});
