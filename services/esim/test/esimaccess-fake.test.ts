import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEsimAccess, type FakeEsimAccess } from '../../../infra/src/fakes/esimaccess';
import { esimAccessSignature } from '../src/suppliers/esimaccess';

/**
 * The fake eSIM Access on its own (infra/src/fakes/esimaccess.ts): the rules of eSIM Access's API
 * it plays that the adapter's tests do not reach, sent as raw signed requests.
 */
const ACCESS_CODE = 'fake-access-code-2';
const SECRET_KEY = 'fake-secret-key-2';

let fake: FakeEsimAccess;
beforeAll(async () => {
  fake = await startFakeEsimAccess({
    accessCode: ACCESS_CODE,
    secretKey: SECRET_KEY,
    allocationSeconds: 0.3,
    usageLagSeconds: 0.5,
  });
});
afterAll(async () => {
  await fake.close();
});

interface Envelope {
  success: boolean;
  errorCode: string | null;
  errorMsg: string | null;
  obj: Record<string, unknown> | null;
}

async function call(path: string, body: unknown, init: { method?: string; sign?: boolean; raw?: string } = {}) {
  const raw = init.raw ?? JSON.stringify(body);
  const timestamp = String(Date.now());
  const requestId = randomUUID().replace(/-/g, '');
  const response = await fetch(`${fake.url}/api/v1/open${path}`, {
    method: init.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      'RT-AccessCode': ACCESS_CODE,
      ...(init.sign === false
        ? {}
        : {
            'RT-Timestamp': timestamp,
            'RT-RequestID': requestId,
            'RT-Signature': esimAccessSignature(SECRET_KEY, {
              timestamp,
              requestId,
              accessCode: ACCESS_CODE,
              body: raw,
            }),
          }),
    },
    body: init.method === 'GET' ? undefined : raw,
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Envelope,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits out the fake's rate window so the next requests are not turned away. */
const quiet = () => sleep(1_100);

async function bought(packageCode = 'CKH491') {
  const transactionId = randomUUID();
  const ordered = await call('/esim/order', { transactionId, packageInfoList: [{ packageCode, count: 1 }] });
  expect(ordered.body.success).toBe(true);
  fake.allocate(transactionId);
  return fake.esimsOfOrder(transactionId)[0]!;
}

describe('the fake eSIM Access', () => {
  it('answers in the envelope, and refuses what eSIM Access refuses', async () => {
    expect((await call('/balance/query', {}, { method: 'GET' })).body).toMatchObject({
      success: false,
      errorCode: '000103',
    });
    expect((await call('/balance/query', {}, { raw: '{not json' })).body.errorCode).toBe('000104');
    expect((await call('/esim/order', { packageInfoList: [] })).body.errorCode).toBe('000105');
    expect(
      (
        await call('/esim/order', {
          transactionId: randomUUID(),
          packageInfoList: [{ packageCode: 'CKH491', count: 31 }],
        })
      ).body.errorCode,
    ).toBe('200008');
    expect((await call('/esim/query', { orderNo: 'B000' })).body.errorCode).toBe('000105');
    expect((await call('/esim/query', { orderNo: 'B000', pager: { pageNum: 1, pageSize: 5 } })).body.errorCode).toBe(
      '310272',
    );
    // Unsigned calls are taken with the access code alone, as eSIM Access's quick start shows.
    expect((await call('/balance/query', {}, { sign: false })).body).toMatchObject({
      success: true,
      errorCode: '0',
      obj: { balance: expect.any(Number) },
    });
    await quiet();
  });

  it('allocates after its delay (200010 meanwhile) and lists only the top-ups of an eSIM', async () => {
    const transactionId = randomUUID();
    const { obj } = (await call('/esim/order', { transactionId, packageInfoList: [{ slug: 'DE_1_7', count: 2 }] }))
      .body;
    const pager = { pageNum: 1, pageSize: 5 };
    expect((await call('/esim/query', { orderNo: obj!.orderNo, pager })).body.errorCode).toBe('200010');
    await sleep(400);
    const listed = (await call('/esim/query', { orderNo: obj!.orderNo, pager })).body.obj!;
    expect(listed.pager).toEqual({ pageNum: 1, pageSize: 5, total: 2 });
    const esims = listed.esimList as Array<{ iccid: string; ac: string; esimStatus: string; smdpStatus: string }>;
    expect(esims.map((e) => [e.esimStatus, e.smdpStatus])).toEqual([
      ['GOT_RESOURCE', 'RELEASED'],
      ['GOT_RESOURCE', 'RELEASED'],
    ]);
    expect(esims[0]!.ac).toMatch(/^LPA:1\$rsp-eu\.redteamobile\.com\$[0-9A-F]{32}$/);
    const topUps = (await call('/package/list', { type: 'TOPUP', iccid: esims[0]!.iccid })).body.obj!
      .packageList as Array<{ packageCode: string; price: number; volume: number }>;
    expect(topUps.map((p) => p.packageCode)).toEqual(['TOPUP_CKH210']);
    expect(topUps[0]).toMatchObject({ price: 8_000, volume: 1024 ** 3 });
    await quiet();
  });

  it('cancels only a profile never installed, tops up only before expiry, and reports usage late', async () => {
    const esim = await bought();
    fake.install(esim.esimTranNo);
    expect((await call('/esim/cancel', { esimTranNo: esim.esimTranNo })).body.errorCode).toBe('200002');
    fake.use(esim.esimTranNo, 5_000_000);
    const usage = async () =>
      (
        (await call('/esim/usage/query', { esimTranNoList: [esim.esimTranNo] })).body.obj!.esimUsageList as Array<{
          dataUsage: number;
        }>
      )[0]!.dataUsage;
    expect(await usage()).toBe(0);
    await sleep(600);
    expect(await usage()).toBe(5_000_000);
    fake.expire(esim.esimTranNo);
    expect(
      (
        await call('/esim/topup', {
          esimTranNo: esim.esimTranNo,
          packageCode: 'TOPUP_CKH491',
          transactionId: randomUUID(),
        })
      ).body.errorCode,
    ).toBe('200002');
    await quiet();
  });

  it('checks a webhook address with CHECK_HEALTH before saving it', async () => {
    const received: Array<{ notifyType: string }> = [];
    let answer = 500;
    const server = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => (text += String(chunk)));
      request.on('end', () => {
        received.push(JSON.parse(text) as { notifyType: string });
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      expect((await call('/webhook/save', { webhook: url })).body.success).toBe(false);
      expect((await call('/webhook/query', {})).body.obj).toEqual({ webhook: '' });
      answer = 200;
      expect((await call('/webhook/save', { webhook: url })).body.success).toBe(true);
      expect((await call('/webhook/query', {})).body.obj).toEqual({ webhook: url });
      expect(received.map((r) => r.notifyType)).toEqual(['CHECK_HEALTH', 'CHECK_HEALTH']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    await quiet();
  });

  it('takes 8 requests a second and turns the next away with 429 and Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('/balance/query', {})));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(8);
    expect(answers.filter((a) => a.status === 429).map((a) => [a.retryAfter, a.body.errorCode])).toEqual([
      ['1', '900001'],
      ['1', '900001'],
    ]);
    await quiet();
    expect((await call('/balance/query', {})).status).toBe(200);
  });
});
