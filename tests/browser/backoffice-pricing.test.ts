/// <reference lib="dom" />
import { demoAccount } from '@esim/contracts';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from '../../bench/backoffice/browser';
import { startSystem, type ListeningSystem } from '../flows/system';
import { ensureBuilt } from './builds';

/**
 * The pricing screens on a 390 px phone, in Debian's chromium against
 * the real system: the percentage dialog's preview keeps "Yeni fiyat" in view without a sideways
 * scroll and names the packages a discount would put below cost; the package list's
 * "Satıştan kaldır" asks instead of opening the row's edit.
 */
let system: ListeningSystem;
let browser: Browser;
let admin: Page;
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  await ensureBuilt('backoffice');
  system = await startSystem({ listen: {} });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: PHONE, locale: 'tr-TR' });
  await context.addInitScript(signedInScript(await system.session('admin@esim.test')));
  admin = await context.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

/** How far the page scrolls sideways: 0 when everything fits the phone. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('pricing on a 390 px phone', () => {
  it('the percentage dialog shows every new price in view and names the packages below cost before saving', async () => {
    const dealer = demoAccount('dealer@esim.test');
    await admin.goto(`${system.url}/dashboard/admin/dealers/${dealer.id}/pricing`);
    await admin.getByRole('button', { name: 'Yüzdeyle değiştir' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Liste fiyatına göre yüzde/ }).fill('-45');
    const header = dialog.getByRole('columnheader', { name: 'Yeni fiyat' });
    await header.waitFor();
    expect(await sidewaysScroll(admin)).toBe(0);
    const dialogScroll = await dialog
      .locator('.MuiTableContainer-root')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(dialogScroll).toBe(0);
    const box = await header.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    const firstPrice = await dialog.getByTestId('new-price').first().boundingBox();
    expect(firstPrice!.x + firstPrice!.width).toBeLessThanOrEqual(PHONE.width);

    // -45 % puts the German 3 GB (11,99 €, cost 7,19 €) at 6,59 €: named, and saving waits for the admin's yes.
    const notice = dialog.getByTestId('below-cost');
    expect((await notice.textContent())!.replace(/\s/g, ' ')).toContain('(DE-7D-3GB): 6,59 €, maliyet 7,19 €');
    expect(await dialog.getByRole('button', { name: /fiyatı kaydet/ }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('a package row\'s "Satıştan kaldır" asks instead of opening the package\'s edit', async () => {
    await admin.goto(`${system.url}/dashboard/admin/packages`);
    const toggle = admin.getByRole('button', { name: 'Satıştan kaldır' }).first();
    await toggle.click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(/satıştan kaldırılsın mı\?/).waitFor();
    expect(admin.url()).toMatch(/\/admin\/packages$/);
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(admin.url()).toMatch(/\/admin\/packages$/);
    expect(await sidewaysScroll(admin)).toBe(0);
  });
});
