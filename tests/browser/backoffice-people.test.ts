/// <reference lib="dom" />
import { demoAccount } from '@esim/contracts';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from '../../bench/backoffice/browser';
import { startSystem, type ListeningSystem } from '../flows/system';
import { ensureBuilt } from './builds';

/**
 * The admin's people screens in Debian's chromium against the real system: a sales manager opened
 * from the list and suspended with its button (and refused at sign-in), a dealer's history in words
 * after its status changed, and a retail customer found by name and opened.
 */
let system: ListeningSystem;
let browser: Browser;

const SALES = demoAccount('sales@esim.test');
const DEALER = demoAccount('dealer@esim.test');
const CUSTOMER = demoAccount('customer@esim.test');

async function adminPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'tr-TR' });
  await context.addInitScript(signedInScript(await system.session('admin@esim.test')));
  return context.newPage();
}

beforeAll(async () => {
  await ensureBuilt('backoffice');
  system = await startSystem({ listen: {} });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

describe('people in the back office, in a real browser', () => {
  it('opens a sales manager from the list, suspends them with the button, and they cannot sign in', async () => {
    const page = await adminPage();
    await page.goto(`${system.url}/dashboard/admin/sales-managers`);
    await page.locator('tr', { hasText: SALES.fullName }).getByText(SALES.email).click();
    await page.getByRole('heading', { name: SALES.fullName }).waitFor();
    await page.getByText('Bayilerden tahsil edilen').waitFor();
    await page.getByRole('button', { name: 'Askıya al' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    await page.getByRole('button', { name: 'Etkinleştir' }).waitFor();
    const refused = await system.api('POST', '/login', { body: { email: SALES.email, password: 'Demo1234!' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('account_suspended');
    await page.getByRole('button', { name: 'Etkinleştir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    await page.getByRole('button', { name: 'Askıya al' }).waitFor();
    await page.context().close();
  }, 120_000);

  it("shows a dealer's status change in words in the dealer page's history", async () => {
    const page = await adminPage();
    await page.goto(`${system.url}/dashboard/admin/dealers/${DEALER.id}/show`);
    await page.getByRole('button', { name: 'Askıya al' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    await page.getByRole('button', { name: 'Etkinleştir' }).waitFor();
    await page.getByRole('tab', { name: 'Geçmiş' }).click();
    await page
      .getByRole('tabpanel')
      .getByText(/adlı bayi askıya alındı$/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Etkinleştir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    await page.getByRole('button', { name: 'Askıya al' }).waitFor();
    await page.context().close();
  }, 120_000);

  it('finds a retail customer by name and opens their orders and payments', async () => {
    const page = await adminPage();
    await page.goto(`${system.url}/dashboard/admin/customers`);
    await page.getByPlaceholder('Ad, e-posta ya da telefon').fill(CUSTOMER.fullName);
    // The unsearched list already shows the customer: wait until the search itself has been applied
    // (the list writes it into the address after its debounce) and answered, or the click lands on a
    // row the search's answer replaces.
    await page.waitForURL((url) => decodeURIComponent(url.search).includes(CUSTOMER.fullName));
    await page.waitForLoadState('networkidle');
    const heading = page.getByRole('heading', { name: CUSTOMER.fullName });
    for (let attempt = 1; !(await heading.isVisible()); attempt++) {
      await page.locator('tr', { hasText: CUSTOMER.email }).click();
      try {
        await heading.waitFor({ timeout: 5_000 });
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await page.getByText('eSIM siparişleri (').waitFor();
    await page.getByText('Kart ödemeleri ve iadeler (').waitFor();
    await page.context().close();
  }, 120_000);
});
