import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createPartnerClient, verifyWebhookSignature } from '@esim/partner-client';
import { waitFor } from '@esim/platform/testing';
import type { RealSystem } from './harness';

interface Delivery {
  signature: string;
  eventId: string;
  body: string;
}

/**
 * A partner's program on the real processes, through the published client: the dealer makes an
 * API key and a webhook endpoint in its account; the program prices a package with a dry run (no
 * order, no money held), buys it with an Idempotency-Key, replays the same buy (one order), and its
 * receiver verifies the signed order.completed; once the key is revoked the very next call is
 * refused. The suite's ledger and consistency checks run after.
 */
export async function partnerFlow(system: RealSystem): Promise<void> {
  const dealer = await system.login('dealer2@esim.test');
  const received: Delivery[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        signature: String(req.headers['esim-signature']),
        eventId: String(req.headers['esim-event-id']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const endpoint = await system.api('POST', '/user/webhooks', {
      token: dealer,
      headers: { 'idempotency-key': randomUUID() },
      body: {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/esim`,
        events: ['order.completed'],
        description: 'Partner shop',
      },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const secret = endpoint.body.data.secret as string;
    const made = await system.api('POST', '/user/api-keys', {
      token: dealer,
      headers: { 'idempotency-key': randomUUID() },
      body: { name: `partner-${randomUUID().slice(0, 6)}`, scopes: ['read', 'order'] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const client = createPartnerClient({ baseUrl: system.baseUrl, apiKey: made.body.data.secret as string });

    const us = await system.api('GET', '/public/countries/united-states/packages');
    const starter = us.body.data.packages.find((p: { code: string }) => p.code === 'US-7D-3GB') as { id: string };
    const before = (await client.GET('/api/user/esim/orders', {})).data!.data.length;
    const quoted = await client.POST('/api/user/packages/buy', { body: { package_id: starter.id, dry_run: true } });
    expect(quoted.error, JSON.stringify(quoted.error)).toBeUndefined();
    const quote = quoted.data!.data as { dry_run: boolean; available: boolean; total_cents: number };
    expect(quote).toMatchObject({ dry_run: true, available: true });
    expect((await client.GET('/api/user/esim/orders', {})).data!.data.length).toBe(before);

    const idempotencyKey = randomUUID();
    const buy = () =>
      client.POST('/api/user/packages/buy', {
        body: { package_id: starter.id, quantity: 1 },
        headers: { 'idempotency-key': idempotencyKey },
      });
    const first = await buy();
    expect(first.error, JSON.stringify(first.error)).toBeUndefined();
    const order = first.data!.data as { id: string; total_cents: number };
    expect(order.total_cents).toBe(quote.total_cents);
    const again = await buy();
    expect((again.data!.data as { id: string }).id).toBe(order.id);
    expect((await client.GET('/api/user/esim/orders', {})).data!.data.length).toBe(before + 1);

    const delivery = await waitFor(() => received.find((d) => d.body.includes(order.id)), {
      what: 'the signed order.completed at the partner',
      timeoutMs: 30_000,
    });
    expect(verifyWebhookSignature({ header: delivery.signature, body: delivery.body, secrets: secret }).ok).toBe(true);
    expect(JSON.parse(delivery.body)).toMatchObject({ id: delivery.eventId, type: 'order.completed', version: 1 });
    expect(verifyWebhookSignature({ header: delivery.signature, body: `${delivery.body} `, secrets: secret }).ok).toBe(
      false,
    );

    const revoked = await system.api('DELETE', `/user/api-keys/${made.body.data.id}`, { token: dealer });
    expect(revoked.status).toBe(200);
    await waitFor(async () => (await client.GET('/api/user/balance', {})).response.status === 401, {
      what: 'the revoked key refused',
      timeoutMs: 5_000,
    });
  } finally {
    receiver.close();
  }
}
