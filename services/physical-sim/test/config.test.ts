import { describe, expect, it } from 'vitest';
import { ConfigError } from '@esim/platform';
import { loadPhysicalSimConfig } from '../src/config';

const production = { APP_MODE: 'production', INTERNAL_SERVICE_TOKEN: 'a-real-secret-of-32-characters!!' };

describe('physical-sim config', () => {
  it('refuses the demo webhook secret in production, naming it as the demo service token is named; demo mode keeps it', () => {
    for (const env of [
      production,
      { ...production, PHYSICAL_SIM_WEBHOOK_SECRET: 'demo-physical-sim-webhook-secret-change-me' },
    ]) {
      expect(() => loadPhysicalSimConfig(env)).toThrow(ConfigError);
      expect(() => loadPhysicalSimConfig(env)).toThrow(
        'Invalid configuration:\n  PHYSICAL_SIM_WEBHOOK_SECRET: set a secret of your own in production mode',
      );
    }
    expect(
      loadPhysicalSimConfig({ ...production, PHYSICAL_SIM_WEBHOOK_SECRET: 'w'.repeat(32) }).PHYSICAL_SIM_WEBHOOK_SECRET,
    ).toBe('w'.repeat(32));
    expect(loadPhysicalSimConfig({}).PHYSICAL_SIM_WEBHOOK_SECRET).toBe('demo-physical-sim-webhook-secret-change-me');
  });
});
