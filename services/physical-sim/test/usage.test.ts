import { DEMO_LOOKUPS } from '@esim/contracts';
import { signWebhook } from '@esim/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhysicalSimConfig } from '../src/config';
import { multipart } from '../../../infra/src/testing/cards';
import { setup, type Fixture } from './support';

/** The operator's signed usage webhook for physical cards, seen through the public balance check. */
let f: Fixture;
const MB = 1024 * 1024;
const { active, inactive } = DEMO_LOOKUPS.physicalSerials;
beforeAll(async () => {
  f = await setup();
});
afterAll(async () => {
  await f.stop();
});

const iccidOf = async (serial: string) =>
  (await f.app.db('cards').where({ serial_number: serial }).first('iccid')).iccid as string;
const balance = async (serial: string) => (await f.app.inject(`/public/balance/physical-sim/${serial}`)).json().data;
const post = (raw: string, options: { secret?: string; at?: number; signature?: string } = {}) => {
  const at = options.at ?? Math.floor(Date.now() / 1000);
  const secret = options.secret ?? (f.app.config as PhysicalSimConfig).PHYSICAL_SIM_WEBHOOK_SECRET;
  return f.app.inject({
    method: 'POST',
    url: '/webhooks/physical-sim-usage',
    headers: {
      'content-type': 'application/json',
      'x-physical-sim-timestamp': String(at),
      'x-physical-sim-signature': options.signature ?? signWebhook(secret, at, raw),
    },
    payload: raw,
  });
};

describe('POST /webhooks/physical-sim-usage', () => {
  it('a signed report updates the usage the public balance check shows; the first usage activates a bundle', async () => {
    expect(await balance(active)).toMatchObject({ usedData: 3584, remainingData: 6656 });
    const raw = JSON.stringify({
      reports: [
        { id: 'op-1', iccid: await iccidOf(active), used_bytes: 5000 * MB + MB / 2 },
        { iccid: await iccidOf(inactive), used_bytes: 10 * MB },
        { iccid: '8990000000000000000', used_bytes: 1 },
      ],
    });
    const res = await post(raw);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'physical_sim_usage_recorded',
      data: { applied: 2, replayed: 0, unknown: ['8990000000000000000'] },
    });
    expect(await balance(active)).toMatchObject({
      status: 'active',
      totalData: 10240,
      usedData: 5000.5,
      remainingData: 5239.5,
    });
    const woken = await balance(inactive);
    expect(woken).toMatchObject({ status: 'active', usedData: 10 });
    expect(woken.activationDate).not.toBeNull();
  });

  it('a bad signature or an old timestamp is a 401 and changes nothing', async () => {
    const raw = JSON.stringify({ reports: [{ id: 'op-2', iccid: await iccidOf(active), used_bytes: 9000 * MB }] });
    const forged = await post(raw, { secret: 'someone-elses-secret-entirely' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('physical_sim_webhook_signature_invalid');
    expect((await post(raw, { signature: 'not-hex' })).statusCode).toBe(401);
    const old = await post(raw, { at: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('physical_sim_webhook_too_old');
    // Unsigned nonsense learns nothing either (no 400 naming fields).
    const unsigned = await f.app.inject({
      method: 'POST',
      url: '/webhooks/physical-sim-usage',
      headers: { 'content-type': 'application/json' },
      payload: '{"reports":"x"}',
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await balance(active)).toMatchObject({ usedData: 5000.5 });
    expect(await f.app.db('usage_events').where({ event_id: 'webhook:op-2' })).toHaveLength(0);
  });

  it('a replay changes nothing, nor does a lower cumulative figure', async () => {
    const raw = JSON.stringify({ reports: [{ id: 'op-1', iccid: await iccidOf(active), used_bytes: 7000 * MB }] });
    const replay = await post(raw);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data).toMatchObject({ applied: 0, replayed: 1 });
    const lower = await post(
      JSON.stringify({ reports: [{ id: 'op-3', iccid: await iccidOf(active), used_bytes: 100 * MB }] }),
    );
    expect(lower.json().data).toMatchObject({ applied: 1, replayed: 0 });
    expect(await balance(active)).toMatchObject({ usedData: 5000.5, remainingData: 5239.5 });
  });
});

describe('POST /webhooks/physical-sim-usage: signature before body', () => {
  it('unsigned or badly signed malformed JSON is a 401; signed, a 400 naming the body; a good signed report a 200', async () => {
    const malformed = '{"reports": [{"id": "op-1",';
    const unsigned = await f.app.inject({
      method: 'POST',
      url: '/webhooks/physical-sim-usage',
      headers: { 'content-type': 'application/json' },
      payload: malformed,
    });
    expect(unsigned.statusCode, unsigned.body).toBe(401);
    expect(unsigned.json().code).toBe('physical_sim_webhook_signature_invalid');
    expect((await post(malformed, { secret: 'someone-elses-secret-entirely' })).statusCode).toBe(401);
    const signed = await post(malformed);
    expect(signed.statusCode, signed.body).toBe(400);
    expect(signed.json()).toMatchObject({ code: 'invalid_json', errors: [{ path: 'body' }] });
    const wrongShape = await post(JSON.stringify({ reports: 'none' }));
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().errors[0].path).toMatch(/^reports/);
    const good = await post(
      JSON.stringify({ reports: [{ id: 'op-1', iccid: await iccidOf(active), used_bytes: 7000 * MB }] }),
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toMatchObject({ applied: 0, replayed: 1 });
  });
});

describe('POST /admin/physical-sim/usage-upload', () => {
  const upload = (payload: string | Buffer, headers: Record<string, string>, token = f.tokens.admin) =>
    f.app.inject({ method: 'POST', url: '/admin/physical-sim/usage-upload', headers: f.auth(token, headers), payload });

  it('applies a CSV or xlsx usage file row by row, names each bad row, and changes nothing when sent again', async () => {
    const iccid = await iccidOf(inactive);
    const before = (await balance(inactive)).usedData as number;
    const used = (before + 20) * MB;
    const csv = [
      'ICCID,Used MB,Recorded At',
      `${iccid},${before + 20},2026-11-20T10:00:00Z`,
      '12345,1,',
      `${iccid},lots,`,
      `${iccid},1,yesterday`,
      '8990000000000000000,1,',
    ].join('\n');
    const first = await upload(csv, { 'content-type': 'text/csv', 'accept-language': 'en' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ code: 'physical_sim_usage_recorded', data: { applied: 1, replayed: 0 } });
    expect(first.json().data.errors).toEqual([
      { row: 3, field: 'iccid', message: 'The ICCID must be 19 or 20 digits' },
      { row: 4, field: 'used_mb', message: expect.any(String) },
      { row: 5, field: 'recorded_at', message: expect.any(String) },
      { row: 6, field: 'iccid', message: 'Card not found' },
    ]);
    expect(await balance(inactive)).toMatchObject({ usedData: used / MB });
    const again = await upload(csv, { 'content-type': 'text/csv' });
    expect(again.json().data).toMatchObject({ applied: 0, replayed: 1 });

    // The same as an xlsx, sent as multipart field `file` (as the back office uploads).
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('usage');
    sheet.addRow(['iccid', 'used_bytes']);
    sheet.addRow([iccid, used + 2 * MB]);
    const body = multipart('file', 'usage.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const xlsx = await upload(body.payload, body.headers);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.json().data).toMatchObject({ applied: 1, errors: [] });
    expect(await balance(inactive)).toMatchObject({ usedData: used / MB + 2 });
  });

  it('refuses a file that is neither CSV nor xlsx, an empty body and a caller who is not an admin', async () => {
    const executable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0)]);
    const renamed = await upload(executable, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({
      code: 'import_file_type',
      errors: [{ path: 'file', message: 'Yalnızca xlsx veya csv dosyası yüklenebilir' }],
    });
    const empty = await upload('', { 'content-type': 'text/csv' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].path).toBe('file');
    const dealer = await upload('iccid,used_mb\n', { 'content-type': 'text/csv' }, f.tokens.dealer);
    expect(dealer.statusCode).toBe(403);
  });
});
