import { randomUUID } from 'node:crypto';
import { MAX_PATH_PARAM_LENGTH } from '@esim/platform';
import { USER_TYPE } from '@esim/contracts';
import { createTestKeys, type TestKeys } from '@esim/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { allAt, gatewayConfig, startEchoUpstream } from './support/upstreams';

/**
 * A path parameter longer than the router takes names no route: a 404 at the gateway, whatever the
 * method, never a 405 from the gateway's catch-all that saw the route's shape (a service's own answer
 * is tested with the service).
 */
const HUGE_ID = 'a'.repeat(5_000);

let keys: TestKeys;
let echo: Awaited<ReturnType<typeof startEchoUpstream>>;
let gateway: Awaited<ReturnType<typeof buildApp>>;
let admin: string;

beforeAll(async () => {
  keys = await createTestKeys();
  echo = await startEchoUpstream();
  gateway = await buildApp({ jwks: keys.jwks, config: gatewayConfig(), upstreams: allAt(echo.url) });
  admin = await keys.token({ id: randomUUID(), userType: USER_TYPE.admin });
});

afterAll(async () => {
  await gateway?.close();
  await echo?.app.close();
});

const reachedUpstream = (requestId: unknown) =>
  echo.received.some((entry) => entry.headers['x-request-id'] === requestId);

describe('a 5,000-character id on a real route', () => {
  it.each(['GET', 'PUT', 'DELETE', 'POST'] as const)(
    '%s /api/admin/dealers/<5,000 characters> is a 404 at the gateway and reaches no service',
    async (method) => {
      const response = await gateway.inject({
        method,
        url: `/api/admin/dealers/${HUGE_ID}`,
        headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers.allow).toBeUndefined();
      expect(response.json()).toMatchObject({
        success: false,
        code: 'route_not_found',
        message: 'The requested route does not exist',
      });
      expect(reachedUpstream(response.headers['x-request-id'])).toBe(false);
    },
  );

  it('is a 404 inside a longer route too (/api/admin/dealers/<id>/status)', async () => {
    const response = await gateway.inject({
      method: 'PUT',
      url: `/api/admin/dealers/${HUGE_ID}/status`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('route_not_found');
  });

  it('forwards an id at the limit, and still names the allowed methods for a wrong one', async () => {
    const atLimit = 'b'.repeat(MAX_PATH_PARAM_LENGTH);
    const forwarded = await gateway.inject({
      method: 'GET',
      url: `/api/admin/dealers/${atLimit}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(forwarded.statusCode).toBe(200);
    expect(forwarded.json().echoed.url).toBe(`/admin/dealers/${atLimit}`);

    const wrongMethod = await gateway.inject({
      method: 'PATCH',
      url: `/api/admin/dealers/${atLimit}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, PUT, DELETE, HEAD');

    // Percent-encoded, the limit counts the decoded characters, as the router does.
    const encoded = '%62'.repeat(MAX_PATH_PARAM_LENGTH);
    const encodedWrongMethod = await gateway.inject({
      method: 'PATCH',
      url: `/api/admin/dealers/${encoded}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(encodedWrongMethod.statusCode).toBe(405);
  });
});
