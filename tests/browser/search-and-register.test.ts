/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStorefrontSystem, type StorefrontSystem } from './storefront-system';

/**
 * What a traveller trips over, in Debian chromium against the real system (the gateway
 * serving the production build, the seeded catalog): the destination search by region and by common
 * names with its suggestions above the cookie banner, and registering from a plan, which signs the
 * new customer in and brings them back to that plan. Screenshots at phone and desktop size, Turkish
 * light and English dark, go to SHOTS_DIR (default /tmp/shots38).
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots38';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const PASSWORD = 'Uzun-Gizli-Parola-2026';

let shop: StorefrontSystem;
beforeAll(async () => {
  shop = await startStorefrontSystem();
  mkdirSync(SHOTS_DIR, { recursive: true });
}, 240_000);
afterAll(async () => shop?.stop());

const TEXTS = {
  tr: {
    banner: 'Çerez tercihleriniz',
    necessaryOnly: 'Yalnızca zorunlu',
    uk: 'Birleşik Krallık',
    ukraine: 'Ukrayna',
    ukNames: ['İngiltere', 'Britanya', 'Birleşik Krallık'],
    region: 'Avrupa',
    regions: ['Schengen', 'Balkanlar', 'Asya'],
    europePlan: 'Avrupa 15 Gün',
    planLine: 'Bölgesel paket · 40 ülke · 5 GB · 24,99 €',
    planDialog: 'Avrupa 15 Gün: plan ayrıntıları',
    buy: 'Hemen Satın Al: Standart',
    signUp: 'Kayıt olun',
    register: 'Kayıt Ol',
    checkout: 'Satın Alma Onayı',
  },
  en: {
    banner: 'Your cookie choices',
    necessaryOnly: 'Necessary only',
    uk: 'United Kingdom',
    ukraine: 'Ukraine',
    ukNames: ['England', 'Great Britain', 'Britain'],
    region: 'Europe',
    regions: ['Schengen', 'Balkans', 'Asia'],
    europePlan: 'Europe 15 Days',
    planLine: 'Regional plan · 40 countries · 5 GB · 24,99 €',
    planDialog: 'Europe 15 Days: plan details',
    buy: 'Buy Now: Standard',
    signUp: 'Sign up',
    register: 'Sign Up',
    checkout: 'Confirm Purchase',
  },
} as const;
type Language = keyof typeof TEXTS;

async function newPage(lng: Language, scheme: 'light' | 'dark'): Promise<Page> {
  const context = await shop.browser.newContext({
    viewport: PHONE,
    locale: lng === 'en' ? 'en-GB' : 'tr-TR',
    colorScheme: scheme,
  });
  return context.newPage();
}

const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );

/** A screenshot of the screen as seen at phone size and one at desktop size; the page goes back to phone size. */
async function shoot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-phone.png` });
  await page.setViewportSize(DESKTOP);
  await settled(page);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-desktop.png` });
  await page.setViewportSize(PHONE);
}

/** Types a query into the home page's search and waits for the suggestions the catalog answers for it. */
async function search(page: Page, query: string) {
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/public/search?') && new URL(response.url()).searchParams.get('q') === query,
  );
  await page.getByRole('combobox').fill(query);
  await answered;
  // The answer is rendered by the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  await page.getByRole('listbox').waitFor();
  return page.getByRole('listbox').getByRole('option');
}

/** Waits until a smooth scroll has ended (the page is at the same place twice in a row). */
async function scrolled(page: Page) {
  let last = -1;
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => window.scrollY);
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
}

/**
 * Where the suggestions and the cookie banner overlap, whether the suggestions are drawn on top:
 * the element at the centre of every option shown on screen is that option.
 */
function suggestionsOnTop(page: Page) {
  return page.evaluate(() => {
    const banner = document.querySelector('#cookie-banner-title')?.closest('section')?.getBoundingClientRect();
    const list = document.querySelector('[role="listbox"]')!.getBoundingClientRect();
    const covered = [...document.querySelectorAll('[role="option"]')].flatMap((option) => {
      const box = option.getBoundingClientRect();
      const y = box.top + box.height / 2;
      if (y < 0 || y >= document.documentElement.clientHeight) return [];
      const found = document.elementFromPoint(box.left + box.width / 2, y);
      return option.contains(found) ? [] : [`${option.textContent} under ${found?.outerHTML.slice(0, 120)}`];
    });
    const overlaps = !!banner && list.bottom > banner.top && list.top < banner.bottom;
    return { overlaps, covered };
  });
}

describe.each([
  ['tr', 'light'],
  ['en', 'dark'],
] as const)('the destination search (%s, %s)', (lng, scheme) => {
  const text = TEXTS[lng];

  it('UK is the United Kingdom and not Ukraine; a region finds its regional plan; the list lies over the cookie banner', async () => {
    const page = await newPage(lng, scheme);
    await page.goto(`${shop.baseUrl}/`, { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: text.banner }).waitFor();
    // On a phone the search sits low on the first screen: focused, it moves up under the top bar.
    await page.getByRole('combobox').click();
    await scrolled(page);
    const top = await page.getByRole('combobox').evaluate((box) => box.getBoundingClientRect().top);
    expect(top).toBeLessThan(100);

    const uk = await search(page, 'UK');
    expect(await uk.first().textContent()).toContain(text.uk);
    expect((await uk.allTextContents()).join(' ')).not.toContain(text.ukraine);
    for (const name of text.ukNames)
      expect(await (await search(page, name)).first().textContent(), name).toContain(text.uk);

    const europe = await search(page, text.region);
    // Prices are German-formatted in both languages (docs/product.md, Money), with a no-break space.
    expect((await europe.first().textContent())?.replace(/\s/g, ' ')).toBe(`${text.europePlan}${text.planLine}`);
    for (const region of text.regions) expect(await (await search(page, region)).count(), region).toBeGreaterThan(0);

    // Many suggestions: on a phone they fit above the banner, and scrolled back into it they are drawn over it.
    await search(page, 'a');
    expect(await page.getByRole('listbox').getByRole('option').count()).toBe(8);
    expect(await suggestionsOnTop(page)).toEqual({ overlaps: false, covered: [] });
    await page.evaluate(() => window.scrollBy({ top: -200, behavior: 'instant' }));
    expect(await suggestionsOnTop(page)).toEqual({ overlaps: true, covered: [] });
    await shoot(page, `search-many-${lng}-${scheme}`);
    await page.getByRole('combobox').blur();
    await page.getByRole('combobox').click();
    await scrolled(page);
    await search(page, text.region);
    expect((await suggestionsOnTop(page)).covered).toEqual([]);
    await shoot(page, `search-region-${lng}-${scheme}`);
    expect((await suggestionsOnTop(page)).covered).toEqual([]);
    await search(page, 'UK');
    await shoot(page, `search-uk-${lng}-${scheme}`);

    // A plan opens its details: the countries it covers.
    await (await search(page, text.region)).first().click();
    const dialog = page.getByRole('dialog', { name: text.planDialog });
    await dialog.waitFor();
    expect(await dialog.getByTestId('coverage-country').count()).toBe(40);
    await page.context().close();
  });
});

describe.each([
  ['tr', 'light'],
  ['en', 'dark'],
] as const)('registering from a plan (%s, %s)', (lng, scheme) => {
  const text = TEXTS[lng];

  it('a signed-out visitor picks a plan, signs up from the sign-in page and is back at that plan’s checkout, signed in', async () => {
    const page = await newPage(lng, scheme);
    await page.goto(`${shop.baseUrl}/packages/united-states`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: text.necessaryOnly }).click();
    await page.getByRole('button', { name: new RegExp(`^${text.buy}`) }).click();
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: text.signUp }).click();
    await page.waitForURL('**/register');

    const email = `plan-${lng}-${Date.now()}@example.com`;
    await page.fill('input[name="full_name"]', lng === 'tr' ? 'Deniz Gezgin' : 'Dana Traveller');
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', PASSWORD);
    await page.fill('input[name="confirm"]', PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: text.register, exact: true }).click();

    // Signed in, on the country page, with the confirmation of the plan chosen before registering.
    await page.waitForURL((url) => url.pathname === '/packages/united-states');
    const checkout = page.getByRole('dialog').filter({ hasText: text.checkout });
    await checkout.waitFor();
    await checkout
      .getByText(/Standar[dt]/)
      .first()
      .waitFor();
    await checkout
      .getByText(/24[,.]99/)
      .first()
      .waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email)).toBe(email);
    await shoot(page, `registered-${lng}-${scheme}`);
    await page.context().close();
  });
});
