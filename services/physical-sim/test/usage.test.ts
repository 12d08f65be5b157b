import { DEMO_LOOKUPS } from '@esim/contracts';
import { signWebhook } from '@esim/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhysicalSimConfig } from '../src/config';
import { setup, type Fixture } from './helpers';

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

const iccidOf = async (serial: string) => (await f.app.db('cards').where({ serial_number: serial }).first('iccid')).iccid as string;
const balance = async (serial: string) => (await f.app.inject(`/public/balance/physical-sim/${serial}`)).json().data;
const post = (raw: string, options: { secret?: string; at?: number; signature?: string } = {}) => {
  const at = options.at ?? Math.floor(Date.now() / 1000);
  const secret = options.secret ?? (f.app.config as PhysicalSimConfig).PHYSICAL_SIM_WEBHOOK_SECRET;
  return f.app.inject({
    method: 'POST',
    url: '/webhooks/physical-sim-usage',
    headers: { 'content-type': 'application/json', 'x-physical-sim-timestamp': String(at), 'x-physical-sim-signature': options.signature ?? signWebhook(secret, at, raw) },
    payload: raw,
  });
};

describe('POST /webhooks/physical-sim-usage', () => {
  it('a signed report updates the usage the public balance check shows; the first usage activates a bundle', async () => {
    expect(await balance(active)).toMatchObject({ usedData: 3584, remainingData: 6656 });
    const raw = JSON.stringify({ reports: [{ id: 'op-1', iccid: await iccidOf(active), used_bytes: 5000 * MB + MB / 2 }, { iccid: await iccidOf(inactive), used_bytes: 10 * MB }, { iccid: '8990000000000000000', used_bytes: 1 }] });
    const res = await post(raw);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 'physical_sim_usage_recorded', data: { applied: 2, replayed: 0, unknown: ['8990000000000000000'] } });
    expect(await balance(active)).toMatchObject({ status: 'active', totalData: 10240, usedData: 5000.5, remainingData: 5239.5 });
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
    const unsigned = await f.app.inject({ method: 'POST', url: '/webhooks/physical-sim-usage', headers: { 'content-type': 'application/json' }, payload: '{"reports":"x"}' });
    expect(unsigned.statusCode).toBe(401);
    expect(await balance(active)).toMatchObject({ usedData: 5000.5 });
    expect(await f.app.db('usage_events').where({ event_id: 'webhook:op-2' })).toHaveLength(0);
  });

  it('a replay changes nothing, nor does a lower cumulative figure', async () => {
    const raw = JSON.stringify({ reports: [{ id: 'op-1', iccid: await iccidOf(active), used_bytes: 7000 * MB }] });
    const replay = await post(raw);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data).toMatchObject({ applied: 0, replayed: 1 });
    const lower = await post(JSON.stringify({ reports: [{ id: 'op-3', iccid: await iccidOf(active), used_bytes: 100 * MB }] }));
    expect(lower.json().data).toMatchObject({ applied: 1, replayed: 0 });
    expect(await balance(active)).toMatchObject({ usedData: 5000.5, remainingData: 5239.5 });
  });
});
