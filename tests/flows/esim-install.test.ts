import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { signWebhook } from '@esim/platform';
import type { EsimOrder, EsimProfile } from '@esim/contracts';
import { customer, key, startEsimSystem, type EsimSystem, type Person } from './esim';

/**
 * Installing from another device: one-time install links (hashed tokens, expiry, revocation by the
 * owner, no code once the eSIM is installed, others' orders out of reach) and the install mail's
 * request (once per key, an hourly limit). The mail itself, through auth's mailer to a real inbox,
 * is tested in tests/flows/install-mail.test.ts.
 */
describe('install from another device', () => {
  let sys: EsimSystem;
  let owner: Person;
  let stranger: Person;
  let order: EsimOrder & { esims: [EsimProfile, EsimProfile] };

  beforeAll(async () => {
    sys = await startEsimSystem({ ESIM_INSTALL_MAILS_PER_HOUR: '2', ESIM_INSTALL_LINK_TTL_HOURS: '24' });
    owner = customer();
    stranger = customer();
    await sys.fund(owner, 100_00);
    await sys.stock('US-7D-3GB', 2);
    const bought = await sys.esim.inject({
      method: 'POST',
      url: '/user/packages/buy',
      headers: await sys.as(owner, { 'idempotency-key': key() }),
      payload: { package_id: await sys.packageId('US-7D-3GB'), quantity: 2 },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    order = bought.json().data;
  });
  afterAll(async () => {
    await sys.verifyLedger();
    await sys.stop();
  });

  const call = async (
    who: Person | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { payload?: unknown; headers?: Record<string, string> } = {},
  ) =>
    sys.esim.inject({
      method,
      url,
      headers: who ? await sys.as(who, options.headers) : options.headers,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const makeLink = async (esim: EsimProfile, who: Person = owner) =>
    call(who, 'POST', `/user/esim/orders/${order.id}/install-links`, { payload: { esim_id: esim.id } });
  const open = (token: string, lang = 'tr') =>
    call(null, 'GET', `/public/install/${token}`, { headers: { 'accept-language': lang } });

  it('a link opens the install page without signing in; only the hash of its token is stored', async () => {
    const created = await makeLink(order.esims[0]);
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json().data;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.path).toBe(`/install/${link.token}`);
    expect(link.state).toBe('active');
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const row = await sys.esim.db('install_links').where({ id: link.id }).first();
    expect(row.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token);

    const page = await open(link.token, 'en');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const data = page.json().data;
    const { package_name_en } = await sys.esim.db('orders').where({ id: order.id }).first('package_name_en');
    expect(data).toMatchObject({
      state: 'ready',
      iccid: order.esims[0].iccid,
      package_name: package_name_en,
      validity_days: 7,
    });
    expect(data.install.activation_code).toBe(order.esims[0].activation_code);
    expect(data.install.matching_id).toBe(order.esims[0].matching_id);
    expect(data.install.ios_install_url).toBe(
      `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(order.esims[0].activation_code!)}`,
    );
    expect(
      Buffer.from(data.install.qr_data_url.replace('data:image/png;base64,', ''), 'base64').subarray(1, 4).toString(),
    ).toBe('PNG');

    const listed = await call(owner, 'GET', `/user/esim/orders/${order.id}/install-links`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([expect.objectContaining({ id: link.id, state: 'active', opened_count: 1 })]);
    expect(listed.body).not.toContain(link.token);
  });

  it('an unknown token is a 404, a malformed one a 400 naming the token, in the caller’s language', async () => {
    const unknown = await open('A'.repeat(22));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'install_link_not_found', message: 'Kurulum bağlantısı bulunamadı' });
    const malformed = await open('short', 'en');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toMatchObject({ path: 'token', message: 'Invalid install link' });
  });

  it('the owner revokes a link and it opens nothing from then on', async () => {
    const link = (await makeLink(order.esims[0])).json().data;
    expect((await open(link.token)).statusCode).toBe(200);
    const revoked = await call(owner, 'DELETE', `/user/esim/orders/${order.id}/install-links/${link.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.state).toBe('revoked');
    const gone = await open(link.token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().code).toBe('install_link_gone');
    expect(gone.body).not.toContain(order.esims[0].matching_id);
    // Revoking again changes nothing.
    expect(
      (await call(owner, 'DELETE', `/user/esim/orders/${order.id}/install-links/${link.id}`)).json().data.revoked_at,
    ).toBe(revoked.json().data.revoked_at);
  });

  it('a link past its expiry opens nothing', async () => {
    const link = (await makeLink(order.esims[1])).json().data;
    await sys.esim
      .db('install_links')
      .where({ id: link.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const gone = await open(link.token);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).not.toContain(order.esims[1].matching_id);
    const listed = (await call(owner, 'GET', `/user/esim/orders/${order.id}/install-links`)).json().data;
    expect(listed.find((l: { id: string }) => l.id === link.id).state).toBe('expired');
  });

  it('someone else’s order: no link made, listed or revoked, and no mail', async () => {
    const mine = (await makeLink(order.esims[0])).json().data;
    expect((await makeLink(order.esims[0], stranger)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/user/esim/orders/${order.id}/install-links`)).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/user/esim/orders/${order.id}/install-links/${mine.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(stranger, 'POST', `/user/esim/orders/${order.id}/send-install-mail`, {
          headers: { 'idempotency-key': key() },
        })
      ).statusCode,
    ).toBe(404);
    expect((await open(mine.token)).statusCode).toBe(200);
    // An eSIM of another order named in the body is not this order's.
    const other = await call(owner, 'POST', `/user/esim/orders/${order.id}/install-links`, {
      payload: { esim_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(other.statusCode).toBe(404);
    const bad = await call(owner, 'POST', `/user/esim/orders/${order.id}/install-links`, { payload: { esim_id: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('esim_id');
  });

  it('asks for the install mail once per key, and refuses more than the hourly limit', async () => {
    const noKey = await call(owner, 'POST', `/user/esim/orders/${order.id}/send-install-mail`);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors[0].path).toBe('Idempotency-Key');

    const once = key();
    const first = await call(owner, 'POST', `/user/esim/orders/${order.id}/send-install-mail`, {
      headers: { 'idempotency-key': once, 'accept-language': 'en' },
    });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().data).toMatchObject({ order_id: order.id, esim_count: 2 });
    const again = await call(owner, 'POST', `/user/esim/orders/${order.id}/send-install-mail`, {
      headers: { 'idempotency-key': once, 'accept-language': 'en' },
    });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await sys.esim.db('install_mails').where({ order_id: order.id }).count({ n: '*' })).toEqual([{ n: 1 }]);

    expect(
      (
        await call(owner, 'POST', `/user/esim/orders/${order.id}/send-install-mail`, {
          headers: { 'idempotency-key': key() },
        })
      ).statusCode,
    ).toBe(202);
    const limited = await call(owner, 'POST', `/user/esim/orders/${order.id}/send-install-mail`, {
      headers: { 'idempotency-key': key() },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('install_mail_rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await sys.esim.db('install_mails').where({ order_id: order.id }).count({ n: '*' })).toEqual([{ n: 2 }]);
  });

  it('once the eSIM is installed, its links show no code and no new link or mail is made for it', async () => {
    const esim = order.esims[1];
    const link = (await makeLink(esim)).json().data;
    const raw = JSON.stringify({ reports: [{ id: `install-${esim.iccid}`, iccid: esim.iccid, used_bytes: 1024 }] });
    const at = Math.floor(Date.now() / 1000);
    const used = await sys.esim.inject({
      method: 'POST',
      url: '/webhooks/esim-usage',
      headers: {
        'content-type': 'application/json',
        'x-esim-timestamp': String(at),
        'x-esim-signature': signWebhook(sys.esim.esim.ctx.config.ESIM_WEBHOOK_SECRET, at, raw),
      },
      payload: raw,
    });
    expect(used.statusCode).toBe(200);

    const page = await open(link.token);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ state: 'installed', install: null, iccid: esim.iccid });
    expect(page.body).not.toContain(esim.matching_id);
    expect(page.body).not.toContain(esim.smdp_address);
    const listed = (await call(owner, 'GET', `/user/esim/orders/${order.id}/install-links`)).json().data;
    expect(listed.find((l: { id: string }) => l.id === link.id).state).toBe('installed');
    const refused = await makeLink(esim);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('install_link_esim_not_ready');
  });
});
