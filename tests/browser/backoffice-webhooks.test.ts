/// <reference lib="dom" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '@esim/partner-client';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from '../../bench/backoffice/browser';
import { startSystem, type ListeningSystem } from '../flows/system';
import { ensureBuilt } from './builds';

/**
 * A dealer's webhooks in the back office, in Debian's chromium against the real system: the dealer
 * adds a receiver and sees its signing secret once; "send a test event" reaches the receiver signed
 * with that secret, which answers 500 three times and then 200; the log shows the delivery and its four tries.
 */
let system: ListeningSystem;
let browser: Browser;
let server: Server;
let secret = '';
/** Status answers still to give, before the default 200. */
const failFirst: number[] = [];
const received: Array<{ type: string; status: number }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const signed = verifyWebhookSignature({ header: req.headers['esim-signature'], body, secrets: secret }).ok;
      const status = signed ? (failFirst.shift() ?? 200) : 401;
      received.push({ type: (JSON.parse(body) as { type: string }).type, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await ensureBuilt('backoffice');
  // Short back-off and polling, so four tries take a second or two, not minutes.
  system = await startSystem({
    listen: {},
    serviceEnv: { auth: { WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_POLL_INTERVAL_MS: '100' } },
  });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
  await new Promise((resolve) => server?.close(resolve));
});

describe("the dealer's webhooks page", () => {
  it('adds a receiver whose secret is shown once; a test event failing three times then delivered shows its four tries', async () => {
    const session = await system.session('dealer@esim.test');
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'tr-TR' });
    await context.addInitScript(signedInScript(session));
    const page = await context.newPage();
    await page.goto(`${system.url}/dashboard/webhooks`);
    await page.getByRole('heading', { name: "Webhook'lar" }).waitFor();
    await page.getByText('Henüz webhook yok.').waitFor();

    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/esim-hooks`;
    await page.getByRole('button', { name: 'Yeni webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni webhook' });
    await dialog.getByRole('textbox', { name: 'Adres (URL)' }).fill(url);
    await dialog.getByRole('textbox', { name: 'Açıklama' }).fill('Mağaza sunucusu');
    await dialog.getByRole('button', { name: 'Ekle' }).click();
    const created = page.getByRole('dialog', { name: 'Webhook eklendi' });
    secret = await created.getByRole('textbox', { name: 'İmza anahtarı' }).inputValue();
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    await created.getByRole('button', { name: 'Kopyaladım, kapat' }).click();
    const row = page.locator('tr', { hasText: url });
    await row.getByText('Sipariş tamamlandı').waitFor();
    // Once closed, the secret is nowhere: not on the page, not in the list the service answers.
    expect(await page.locator('body').textContent()).not.toContain(secret);
    const list = await system.api('GET', '/user/webhooks', { token: session.token });
    expect(JSON.stringify(list.body)).not.toContain(secret);

    failFirst.push(500, 500, 500);
    await row.getByRole('button', { name: 'Test olayı gönder' }).click();
    await page.getByText('Test olayı gönderiliyor; gönderim kaydında görünecek').waitFor();
    await row.getByRole('button', { name: 'Gönderim kaydı' }).click();
    const log = page.getByRole('dialog', { name: 'Gönderim kaydı' });
    const delivery = log.locator('tr', { hasText: 'Test olayı' }).filter({ hasText: 'Teslim edildi' });
    // The open log asks again every few seconds while the delivery is pending.
    await delivery.waitFor({ timeout: 30_000 });
    expect(received).toEqual([
      { type: 'test', status: 500 },
      { type: 'test', status: 500 },
      { type: 'test', status: 500 },
      { type: 'test', status: 200 },
    ]);
    await delivery.getByRole('button', { name: 'Denemeleri göster' }).click();
    const tries = log.getByRole('table', { name: 'Denemeler' });
    await tries.waitFor();
    const codes = await tries
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLTableRowElement).cells[2]!.textContent));
    expect(codes).toEqual(['500', '500', '500', '200']);
    await context.close();
  });
});
