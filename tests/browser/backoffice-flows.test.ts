/// <reference lib="dom" />
import { DEMO_ACCOUNTS, DEMO_LOOKUPS } from '@esim/contracts';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from '../../bench/backoffice/browser';
import { startSystem, type ListeningSystem } from '../flows/system';
import { ensureBuilt } from './builds';
import { expectImagesDrawn } from './images';

/**
 * The back office in Debian's chromium against the real system (every service, the gateway
 * serving both production builds). The dealer's case signs in on the storefront's /login and
 * needs the storefront and physical-sim services; the others start from a stored session.
 */
let system: ListeningSystem;
let browser: Browser;

async function signedInPage(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  await context.addInitScript(signedInScript(await system.session(email)));
  return context.newPage();
}

beforeAll(async () => {
  await Promise.all([ensureBuilt('backoffice'), ensureBuilt('storefront')]);
  system = await startSystem({ listen: {} });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

describe('back office in the browser', () => {
  it('a dealer signs in on the storefront, lands in the back office, orders 5 physical SIMs and sees the pending order and the held balance', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'tr-TR' });
    const page = await context.newPage();
    await page.goto(`${system.url}/login?redirect=${encodeURIComponent('/dashboard')}`);
    await page.locator('input[type="email"]').fill('dealer@esim.test');
    await page.locator('input[type="password"]').fill('Demo1234!');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/dashboard\/?$/);
    await page.getByRole('heading', { name: /Hoş geldiniz, Deniz Bayi/ }).waitFor();

    await page.getByRole('menuitem', { name: 'Plus Paketi Satın Al' }).click();
    await page.waitForURL(/\/dashboard\/physical-sim-purchase$/);
    await page.getByLabel('Paket').click();
    await page
      .getByRole('option')
      .filter({ hasNotText: /Stokta 0$/ })
      .first()
      .click();
    await page.getByRole('spinbutton', { name: 'Adet' }).fill('5');
    const total = (await page
      .getByText('Toplam', { exact: true })
      .first()
      .locator('xpath=following-sibling::*[1]')
      .textContent())!;
    await page.getByRole('button', { name: 'Sipariş ver' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    await page.getByText('Beklemede').first().waitFor();
    const row = page.locator('tr', { hasText: 'Beklemede' }).first();
    expect(await row.textContent()).toContain('5');

    await page.getByRole('menuitem', { name: 'Bakiye' }).click();
    const held = page.getByText('Bekleyen siparişler için ayrılan').first().locator('xpath=following-sibling::*[1]');
    await expect.poll(async () => held.textContent(), { timeout: 15_000 }).toBe(total);
    await context.close();
  });

  it('a dealer reads why the admin rejected their order; a suspended dealer signing in is told so', async () => {
    const call = async <T = { id: string }>(
      token: string,
      method: string,
      route: string,
      body?: unknown,
    ): Promise<T> => {
      const res = await fetch(`${system.url}/api/${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await res.json()) as { data: T };
      expect(res.ok, `${method} ${route}: ${res.status} ${JSON.stringify(answer)}`).toBe(true);
      return answer.data;
    };
    const admin = (await system.session('admin@esim.test')).token;
    const managers = await call<Array<{ id: string; email: string }>>(admin, 'GET', 'admin/sales-managers');
    const email = `askida-${crypto.randomUUID().slice(0, 8)}@bayi.test`;
    const dealer = await call(admin, 'POST', 'admin/dealers', {
      full_name: 'Selin Askı',
      email,
      company_name: 'Askı İletişim',
      password: 'Aski-Bayi-Sifre-2026',
      sales_manager_id: managers.find((m) => m.email === 'sales@esim.test')!.id,
    });
    const own = (await system.session(email, 'Aski-Bayi-Sifre-2026')).token;
    await expect
      .poll(
        async () =>
          (
            await fetch(`${system.url}/api/user/physical-sim/packages`, {
              headers: { authorization: `Bearer ${own}` },
            })
          ).status,
        { timeout: 15_000 },
      )
      .toBe(200);
    await expect
      .poll(
        async () =>
          (
            await fetch(`${system.url}/api/admin/dealers/balances?ids=${dealer.id}`, {
              headers: { authorization: `Bearer ${admin}` },
            })
          ).status,
        { timeout: 15_000 },
      )
      .toBe(200);
    await call(admin, 'POST', 'admin/dealers/balance', { dealer_id: dealer.id, amount: 500, note: 'Açılış kredisi' });
    const packages = await call<Array<{ id: string }>>(own, 'GET', 'user/physical-sim/packages');
    const placed = await call(own, 'POST', 'user/physical-sim/order', { package_id: packages[0]!.id, quantity: 1 });
    await call(admin, 'POST', `admin/physical-sim/orders/${placed.id}/reject`, { reason: 'Bu paketin stoğu bitti' });

    const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'tr-TR' });
    await context.addInitScript(signedInScript(await system.session(email, 'Aski-Bayi-Sifre-2026')));
    const page = await context.newPage();
    await page.goto(`${system.url}/dashboard/physical-sim-purchase`);
    await page.getByText('Ret nedeni: Bu paketin stoğu bitti').waitFor();
    await context.close();

    await fetch(`${system.url}/api/admin/dealers/${dealer.id}/status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'suspended' }),
    });
    const signIn = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'tr-TR' })
    ).newPage();
    await signIn.goto(`${system.url}/login`);
    await signIn.locator('input[type="email"]').fill(email);
    await signIn.locator('input[type="password"]').fill('Aski-Bayi-Sifre-2026');
    await signIn.locator('form button[type="submit"]').click();
    await signIn
      .getByText('Hesabınız askıya alındı. Yeniden açılması için satış müdürünüzle ya da bizimle iletişime geçin.')
      .first()
      .waitFor();
    expect(signIn.url()).toMatch(/\/login/);
    await signIn.context().close();
  });

  it('a customer opens an eSIM order and sees its QR code', async () => {
    const page = await signedInPage('customer@esim.test');
    await page.goto(`${system.url}/dashboard/orders`);
    await page.getByText(DEMO_LOOKUPS.esimOrderNumbers.active).click();
    await page.waitForURL(/\/dashboard\/orders\/[^/]+\/show$/);
    const qr = page.locator('img[alt*="QR"]').first();
    await expectImagesDrawn(qr);
    await page.getByText('SM-DP+ adresi').waitFor();
    await page.context().close();
  });

  it('the sales manager collects from a dealer and sees it in the report', async () => {
    const page = await signedInPage('sales@esim.test');
    await page.goto(`${system.url}/dashboard`);
    await page.waitForURL(/\/dashboard\/sales-manager\/dealers$/);
    await page.goto(`${system.url}/dashboard/sales-manager/collection`);
    const euros = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
    const total = page.getByTestId('report-total');
    await total.waitFor();
    const before = euros(await total.textContent());
    await page.getByLabel('Bayi').click();
    await page.getByRole('option', { name: /Deniz/ }).click();
    await page.getByLabel('Tahsil edilen tutar').fill('12,50');
    await page.getByRole('button', { name: 'Tahsilatı kaydet' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    await page.getByText('Tahsilat kaydedildi').waitFor();
    await expect.poll(async () => euros(await total.textContent()), { timeout: 15_000 }).toBeCloseTo(before + 12.5, 2);
    await page.locator('tr', { hasText: 'Deniz' }).last().waitFor();
    await page.context().close();
  });

  it("the admin raises a package's price in the back office and the storefront shows it on its next load", async () => {
    const { token } = await system.session('admin@esim.test');
    const filter = encodeURIComponent(JSON.stringify({ country: 'US', type: 'local', active: true }));
    const listed = await fetch(`${system.url}/api/admin/packages?filter=${filter}&sort=["retail_price","ASC"]`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const pkg = ((await listed.json()) as { data: Array<{ id: string; retail_price: number }> }).data[0]!;
    const euros = (value: number) =>
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(value);
    const raised = Math.round((pkg.retail_price + 3.5) * 100) / 100;

    // The storefront is read first, so the gateway and the catalog both hold the old answer.
    const shop = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'tr-TR' });
    const before = await shop.newPage();
    await before.goto(`${system.url}/packages/united-states`);
    await before.getByText(euros(pkg.retail_price)).first().waitFor();
    expect(await before.getByText(euros(raised)).count()).toBe(0);

    const page = await signedInPage('admin@esim.test');
    await page.goto(`${system.url}/dashboard/admin/packages/${pkg.id}`);
    const retail = page.getByRole('textbox', { name: 'Satış fiyatı' });
    await expect.poll(() => retail.inputValue()).toBe(euros(pkg.retail_price).replace(/\s*€$/, ''));
    await retail.fill(String(raised).replace('.', ','));
    await page.getByRole('button', { name: 'Kaydet' }).click();
    // Saving waits for the catalog's answer (pessimistic), then returns to the list.
    await page.waitForURL(/\/dashboard\/admin\/packages$/);

    // A visitor's next load: the gateway forgot the catalog's answers when the catalog announced the change.
    // (A browser that read the page within the last minute may keep its own copy for that max-age.)
    const visitor = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'tr-TR' });
    const after = await visitor.newPage();
    await after.goto(`${system.url}/packages/united-states`);
    await after.getByText(euros(raised)).first().waitFor({ timeout: 10_000 });
    expect(await after.getByText(euros(pkg.retail_price), { exact: true }).count()).toBe(0);
    await visitor.close();
    await shop.close();
    await page.context().close();
  });

  it('a retail user who types an admin or sales-manager URL is sent to /dashboard', async () => {
    const page = await signedInPage('customer@esim.test');
    for (const target of [
      '/dashboard/admin/dealers',
      '/dashboard/admin/collection-logs',
      '/dashboard/sales-manager/dealers',
      '/dashboard/sales-manager/collection',
    ]) {
      await page.goto(`${system.url}${target}`);
      await page.waitForURL(/\/dashboard\/?$/);
      await page.getByRole('heading', { name: /Hoş geldiniz/ }).waitFor();
    }
    await page.context().close();
  });

  it('on a phone (390×844) every screen fits: no sideways scroll, lists as rows instead of tables, the menu closed', async () => {
    const screens: Record<string, string[]> = {
      'dealer@esim.test': [
        '/dashboard',
        '/dashboard/balance',
        '/dashboard/transactions',
        '/dashboard/price-list',
        '/dashboard/physical-sim-purchase',
        '/dashboard/physical-sim-stock',
        '/dashboard/physical-sim-return',
        '/dashboard/settings',
      ],
      'customer@esim.test': ['/dashboard/orders'],
      'sales@esim.test': [
        '/dashboard/sales-manager/dealers',
        '/dashboard/sales-manager/collection',
        '/dashboard/sales-manager/dealers/create',
        `/dashboard/sales-manager/dealers/${DEMO_ACCOUNTS.find((a) => a.email === 'dealer@esim.test')!.id}/pricing`,
      ],
    };
    for (const [email, paths] of Object.entries(screens)) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript(signedInScript(await system.session(email)));
      const page = await context.newPage();
      for (const target of paths) {
        await page.goto(`${system.url}${target}`, { waitUntil: 'networkidle' });
        const look = await page.evaluate(() => ({
          width: document.documentElement.scrollWidth,
          // A react-admin list's table (RaDataTable) would scroll inside its card: a phone gets SimpleList rows.
          tables: document.querySelectorAll('.RaDataTable-table, .RaDatagrid-table').length,
          // Content that overflows its own box sideways (cut off or scrolled inside a card).
          overflowing: [
            ...document.querySelectorAll<HTMLElement>('.RaList-content, .MuiTableContainer-root, .MuiCardContent-root'),
          ].filter((el) => el.scrollWidth > el.clientWidth + 1).length,
          menuOpen: !!document.querySelector('.MuiDrawer-modal:not(.MuiModal-hidden)'),
        }));
        expect(look, `${email} ${target}`).toEqual({ width: 390, tables: 0, overflowing: 0, menuOpen: false });
      }
      await context.close();
    }
  });
});
