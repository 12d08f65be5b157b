import { randomUUID } from 'node:crypto';
import { USER_TYPE } from '@esim/contracts';
import { createTestKeys } from '@esim/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';

/**
 * A path parameter longer than the router takes names no route: at the service itself a 404 in the
 * envelope, never fastify's bare 414 (the gateway's own answer is tested with the gateway).
 */
const HUGE_ID = 'a'.repeat(5_000);

let auth: Awaited<ReturnType<typeof buildApp>>;
let admin: string;

beforeAll(async () => {
  const keys = await createTestKeys();
  auth = await buildApp({ jwks: keys.jwks });
  admin = await keys.token({ id: randomUUID(), userType: USER_TYPE.admin });
});

afterAll(async () => {
  await auth?.close();
});

describe('a 5,000-character id on a real route', () => {
  it("is a 404 in the envelope at the service itself (auth), not fastify's bare 414", async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await auth.inject({
        method,
        url: `/admin/dealers/${HUGE_ID}`,
        headers: { authorization: `Bearer ${admin}`, 'accept-language': 'tr' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, code: 'route_not_found', message: 'İstenen adres bulunamadı' });
    }
  });

  it('answers a broken percent-encoding in a parameter with a 400 naming the URL, in the envelope', async () => {
    const response = await auth.inject({
      method: 'GET',
      url: '/admin/dealers/%E0%A4%A',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'validation_error', errors: [{ path: 'url' }] });
  });
});
