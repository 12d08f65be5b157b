import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrderNumber } from '../src/orders/order-number';
import { applyUsage } from '../src/profiles/usage';
import { newIccid, startEsim, type EsimAlone } from './support';

/**
 * An eSIM's usage alerts (`esim.profile.usage-alert`) from usage reports, on the esim service's own
 * database: 50 %, 80 % and 100 % each published once through the outbox, a report past several
 * publishing each, lowest first, and the 50 % one armed again once more data brings usage below it.
 */
const TOTAL = 1000 * 1024 * 1024;
let sys: EsimAlone;

beforeAll(async () => {
  sys = await startEsim();
});
afterAll(async () => sys.stop());

/** A completed order's eSIM with TOTAL bytes, not yet used; its profile id and ICCID. */
async function esim(): Promise<{ profileId: string; iccid: string }> {
  const db = sys.esim.db;
  const orderId = randomUUID();
  const userId = randomUUID();
  await db('orders').insert({
    id: orderId,
    order_number: newOrderNumber(),
    user_id: userId,
    package_code: 'TR-1GB-7D',
    package_name_tr: 'Türkiye 1 GB',
    package_name_en: 'Turkey 1 GB',
    package_type: 'local',
    countries: ['TR'],
    data_mb: 1000,
    validity_days: 7,
    quantity: 1,
    unit_price_cents: 450,
    total_cents: 450,
    step: 'completed',
    completed_at: new Date(),
  });
  const iccid = newIccid();
  const [row] = await db('profiles')
    .insert({
      iccid,
      smdp_address: 'smdp.example.com',
      matching_id: `MATCH-${orderId.slice(0, 8)}`,
      package_code: 'TR-1GB-7D',
      operator: 'Turkcell',
      pool_status: 'assigned',
      order_id: orderId,
      user_id: userId,
      status: 'inactive',
      data_total_bytes: TOTAL,
    })
    .returning('id');
  return { profileId: row.id, iccid };
}

let reportNumber = 0;
const report = (iccid: string, share: number) =>
  sys.esim.db.transaction((trx) =>
    applyUsage(trx, {
      eventId: `usage-alerts-${++reportNumber}`,
      iccid,
      usedBytes: Math.round(TOTAL * share),
      recordedAt: new Date(Date.now() + reportNumber),
      source: 'webhook',
    }),
  );

/** The alerts published for the eSIM, in the order they were written, as kind and percent of data used. */
const alerts = async (profileId: string) =>
  (
    (await sys.esim
      .db('outbox')
      .where({ type: 'esim.profile.usage-alert', aggregate_id: profileId })
      .orderBy('position')
      .select('envelope')) as Array<{ envelope: { payload: { kind: string; usedBytes: number } } }>
  ).map(({ envelope }) => [envelope.payload.kind, Math.round((envelope.payload.usedBytes / TOTAL) * 100)]);

describe('usage alerts', () => {
  it('publishes 50 %, 80 % and 100 % once each as usage grows past them', async () => {
    const { profileId, iccid } = await esim();
    expect(await report(iccid, 0.3)).toBe('applied');
    expect(await alerts(profileId)).toEqual([]);
    await report(iccid, 0.52);
    await report(iccid, 0.6);
    expect(await alerts(profileId)).toEqual([['usage-50', 52]]);
    await report(iccid, 0.85);
    await report(iccid, 0.9);
    await report(iccid, 1);
    expect(await alerts(profileId)).toEqual([
      ['usage-50', 52],
      ['usage-80', 85],
      ['usage-100', 100],
    ]);
    const profile = await sys.esim.db('profiles').where({ id: profileId }).first();
    expect(profile.alert_50_sent_at).not.toBeNull();
    expect(profile.status).toBe('used');
  });

  it('a report past several thresholds publishes each, lowest first, as 80 % and 100 % always did', async () => {
    const both = await esim();
    await report(both.iccid, 0.9);
    expect(await alerts(both.profileId)).toEqual([
      ['usage-50', 90],
      ['usage-80', 90],
    ]);
    const all = await esim();
    await report(all.iccid, 1);
    expect(await alerts(all.profileId)).toEqual([
      ['usage-50', 100],
      ['usage-80', 100],
      ['usage-100', 100],
    ]);
  });

  it('arms the 50 % alert again once more data brings usage below half, and publishes it when usage is past half again', async () => {
    const { profileId, iccid } = await esim();
    await report(iccid, 0.6);
    expect(await alerts(profileId)).toHaveLength(1);
    // More data on the eSIM (a top-up doubles its total): the same bytes are now 30 % of it.
    await sys.esim
      .db('profiles')
      .where({ id: profileId })
      .update({ data_total_bytes: 2 * TOTAL });
    await report(iccid, 0.62);
    expect((await sys.esim.db('profiles').where({ id: profileId }).first()).alert_50_sent_at).toBeNull();
    expect(await alerts(profileId)).toHaveLength(1);
    await report(iccid, 1.1);
    const kinds = (await alerts(profileId)).map(([kind]) => kind);
    expect(kinds).toEqual(['usage-50', 'usage-50']);
  });
});
