import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors';
import { createInternalClient, type InternalClient } from '../src/internal-client';

/**
 * Two copies of a service as two real HTTP servers: each answers with its name and counts what
 * reached it; on the first copy `/internal/reset` cuts the connection after the request arrived,
 * as a copy killed mid-request does.
 */
interface Copy {
  name: string;
  url: string;
  calls: string[];
  server: Server;
}

async function startCopy(name: string): Promise<Copy> {
  const copy = { name, calls: [] as string[] } as Copy;
  copy.server = createServer((request, response) => {
    const path = request.url!.split('?')[0]!;
    if (path === '/ready') return void response.writeHead(200).end('{}');
    copy.calls.push(`${request.method} ${path}${request.headers['idempotency-key'] ? ' keyed' : ''}`);
    request.resume();
    request.on('end', () => {
      if (path === '/internal/reset' && name === 'one') return void request.socket.destroy();
      // Never answered: only the caller's deadline ends it.
      if (path === '/internal/stuck') return;
      if (path === '/internal/refused')
        return void response
          .writeHead(409, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'not_enough_stock' }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { by: name } }));
    });
  });
  await new Promise<void>((resolve) => copy.server.listen(0, '127.0.0.1', resolve));
  copy.url = `http://127.0.0.1:${(copy.server.address() as AddressInfo).port}`;
  return copy;
}

/** Gone at once, as a SIGKILLed process: open connections cut, the port refusing. */
async function kill(copy: Copy): Promise<void> {
  copy.server.closeAllConnections();
  await new Promise((resolve) => copy.server.close(resolve));
}

let one: Copy;
let two: Copy;
const clients: InternalClient[] = [];
/** No probe during a test: what is checked is the calls' own failover. */
const client = (options: { idempotent?: (method: string, path: string) => boolean } = {}) => {
  const made = createInternalClient({
    baseUrl: [one.url, two.url],
    token: 'x'.repeat(32),
    healthIntervalMs: 600_000,
    timeoutMs: 2_000,
    ...options,
  });
  clients.push(made);
  return made;
};

beforeEach(async () => {
  one = await startCopy('one');
  two = await startCopy('two');
});
afterEach(async () => {
  for (const made of clients.splice(0)) await made.close();
  for (const copy of [one, two]) if (copy.server.listening) await kill(copy);
});
afterAll(async () => {
  for (const made of clients) await made.close();
});

describe('internal calls over several copies', () => {
  it('spreads calls over every copy in turn, a single URL still working', async () => {
    const calls = client();
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await calls.request<{ by: string }>('GET', '/internal/thing'));
    expect(answers.filter((a) => a.by === 'one')).toHaveLength(5);
    expect(answers.filter((a) => a.by === 'two')).toHaveLength(5);

    const single = createInternalClient({ baseUrl: one.url, token: 'x'.repeat(32) });
    clients.push(single);
    expect(await single.request('GET', '/internal/thing')).toEqual({ by: 'one' });
  });

  it('sends every call to the living copy at once when one is gone, a write without a key too', async () => {
    const calls = client();
    await calls.request('GET', '/internal/thing');
    await kill(one);
    const started = Date.now();
    for (let i = 0; i < 10; i++) {
      expect(await calls.request('GET', '/internal/thing')).toEqual({ by: 'two' });
      // Refused before it was sent: the copy never saw it, so it goes on to the next one.
      expect(await calls.request('POST', '/internal/write', { body: { n: i } })).toEqual({ by: 'two' });
    }
    expect(two.calls).toHaveLength(20);
    // No waiting on the dead copy: its refusal took it out on the first call.
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('never repeats a write without a key after a reset mid-request, but repeats a GET, a keyed write and an idempotent one', async () => {
    // A fresh client starts at the first copy: the one that resets.
    await expect(client().request('POST', '/internal/reset', { body: {} })).rejects.toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
    });
    expect(one.calls).toEqual(['POST /internal/reset']);
    expect(two.calls).toEqual([]);

    expect(await client().request('GET', '/internal/reset')).toEqual({ by: 'two' });
    expect(await client().request('POST', '/internal/reset', { body: {}, idempotencyKey: 'k-1' })).toEqual({
      by: 'two',
    });
    const idempotent = client({ idempotent: (method, path) => method === 'POST' && path === '/internal/reset' });
    expect(await idempotent.request('POST', '/internal/reset', { body: {} })).toEqual({ by: 'two' });
    expect(two.calls).toEqual(['GET /internal/reset', 'POST /internal/reset keyed', 'POST /internal/reset']);
  });

  it('gives up at its deadline with a 503, without asking the other copy', async () => {
    const calls = createInternalClient({ baseUrl: [one.url, two.url], token: 'x'.repeat(32), timeoutMs: 300 });
    clients.push(calls);
    const started = Date.now();
    await expect(calls.request('GET', '/internal/stuck')).rejects.toMatchObject({ statusCode: 503 });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect([...one.calls, ...two.calls]).toEqual(['GET /internal/stuck']);
  });

  it('passes a 4xx on with its code and turns every copy down into a 503', async () => {
    const calls = client();
    const refused = await calls.request('POST', '/internal/refused', { body: {} }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 409, code: 'not_enough_stock' });
    await kill(one);
    await kill(two);
    await expect(calls.request('GET', '/internal/thing')).rejects.toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
    });
  });
});
