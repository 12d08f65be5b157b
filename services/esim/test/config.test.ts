import { describe, expect, it } from 'vitest';
import { ConfigError } from '@esim/platform';
import { loadEsimConfig } from '../src/config';

const production = { APP_MODE: 'production', INTERNAL_SERVICE_TOKEN: 'a-real-secret-of-32-characters!!' };

describe('esim config', () => {
  it('refuses the demo webhook secret in production, naming it as the demo service token is named; demo mode keeps it', () => {
    for (const env of [production, { ...production, ESIM_WEBHOOK_SECRET: 'demo-esim-webhook-secret-change-me' }]) {
      expect(() => loadEsimConfig(env)).toThrow(ConfigError);
      expect(() => loadEsimConfig(env)).toThrow(
        'Invalid configuration:\n  ESIM_WEBHOOK_SECRET: set a secret of your own in production mode',
      );
    }
    expect(loadEsimConfig({ ...production, ESIM_WEBHOOK_SECRET: 'w'.repeat(32) }).ESIM_WEBHOOK_SECRET).toBe(
      'w'.repeat(32),
    );
    expect(loadEsimConfig({}).ESIM_WEBHOOK_SECRET).toBe('demo-esim-webhook-secret-change-me');
  });
});
