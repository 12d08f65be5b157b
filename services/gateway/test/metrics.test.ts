import { SERVICE_TOKEN_HEADER } from '@esim/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { allAt, gatewayConfig, startEchoUpstream } from './support/upstreams';

/**
 * The gateway's own /metrics (guarded by the internal credential) and the services' ones, which
 * it never forwards: /api/metrics is no route of the table, so it never reaches a service.
 */
let echo: Awaited<ReturnType<typeof startEchoUpstream>>;
let gateway: Awaited<ReturnType<typeof buildApp>>;
const config = gatewayConfig();

beforeAll(async () => {
  echo = await startEchoUpstream();
  gateway = await buildApp({ config, upstreams: allAt(echo.url) });
});

afterAll(async () => {
  await gateway.close();
  await echo.app.close();
});

describe('metrics at the gateway', () => {
  it('answers its own /metrics to the internal credential only, with the proxied routes by pattern', async () => {
    await gateway.inject('/api/public/countries/germany');
    expect((await gateway.inject('/metrics')).statusCode).toBe(401);
    const scrape = await gateway.inject({
      url: '/metrics',
      headers: { [SERVICE_TOKEN_HEADER]: config.INTERNAL_SERVICE_TOKEN },
    });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.body).toContain(
      'http_request_duration_seconds_count{service="gateway",route="/api/public/countries/:slug",method="GET",status_code="200"} 1\n',
    );
  });

  it("never forwards a request for a service's metrics, whatever the credential", async () => {
    const before = echo.received.length;
    for (const url of ['/api/metrics', '/api/public/metrics', '/internal/metrics']) {
      const response = await gateway.inject({
        url,
        headers: { [SERVICE_TOKEN_HEADER]: config.INTERNAL_SERVICE_TOKEN },
      });
      expect(response.statusCode, url).toBe(404);
    }
    expect(echo.received.length).toBe(before);
  });
});
