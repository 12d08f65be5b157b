/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { waitFor } from '@esim/platform/testing';
import type { CaughtMail } from '../../infra/src/mail-catcher';
import { reportUsage } from '../flows/esim';
import {
  customerWithUsEsim,
  DESKTOP,
  expectBooks,
  PHONE,
  screenshotsIn,
  signIn,
  startStorefrontWithMail,
  type StorefrontWithMail,
} from './storefront-steps';
import { expectImagesDrawn } from './images';

/**
 * Installing an eSIM from another device, in Debian chromium against the real system with the
 * demo inbox (MailDev) as the auth service's SMTP server: the buyer mails the install details to
 * themselves and the mail arrives with the QR png inline; a one-time install link opens the install
 * page in a fresh browser (no cookies, no session) on an Android phone, an iPhone and a computer;
 * revoked, it opens nothing; once the eSIM is in use, the page shows no code. Screenshots at phone
 * and desktop size go to SHOTS_DIR (default /tmp/shots-install).
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-install';
const UA = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

const TEXTS = {
  tr: {
    login: 'Giriş Yap',
    mail: 'E-postama gönder',
    mailSent: 'Kurulum bilgileri e-posta adresinize gönderildi',
    link: 'Kurulum bağlantısı oluştur',
    revoke: 'İptal et',
    subject: 'eSIM kurulum bilgileriniz',
    oneTap: 'iPhone’a tek dokunuşla kur',
    copySmdp: 'Kopyala: SM-DP+ adresi',
    gone: 'süresi doldu veya iptal edildi',
    installed: 'Bu eSIM kurulmuş ve kullanılıyor',
  },
  en: {
    login: 'Log In',
    mail: 'Send to my e-mail',
    mailSent: 'The install details were sent to your e-mail',
    link: 'Make an install link',
    revoke: 'Revoke',
    subject: 'Your eSIM install details',
    oneTap: 'Install on iPhone with one tap',
    copySmdp: 'Copy: SM-DP+ address',
    gone: 'has expired or was revoked',
    installed: 'This eSIM is installed and in use',
  },
} as const;
type Language = keyof typeof TEXTS;

let shop: StorefrontWithMail;
let admin: string;
beforeAll(async () => {
  // The install mails arrive in the demo inbox.
  shop = await startStorefrontWithMail();
  admin = await shop.system.login('admin@esim.test');
}, 240_000);
afterAll(async () => {
  await shop?.stop();
});

const shoot = screenshotsIn(SHOTS_DIR);

/** A new customer with 50 € and a US Starter eSIM never used. */
const customerWithNewEsim = (language: Language) =>
  customerWithUsEsim(shop.system, admin, { name: 'Kurulum Gezgin', emailPrefix: `kur-${language}`, euros: 50 });

/** The buyer's own browser, signed in, on the order page. */
async function ownerOnOrderPage(language: Language, colorScheme: 'light' | 'dark', email: string, orderId: string) {
  const context = await shop.browser.newContext({
    viewport: PHONE,
    locale: language === 'en' ? 'en-GB' : 'tr-TR',
    colorScheme,
  });
  const page = await context.newPage();
  await page.goto(`${shop.baseUrl}/login`, { waitUntil: 'networkidle' });
  await signIn(page, email, TEXTS[language].login);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${shop.baseUrl}/order/${orderId}`, { waitUntil: 'networkidle' });
  await page.getByTestId('install-actions').waitFor();
  return { context, page };
}

/** Another device: a browser with no cookies and no session of the shop. */
async function freshDevice(language: Language, colorScheme: 'light' | 'dark', device: Partial<BrowserContextOptions>) {
  const context = await shop.browser.newContext({
    viewport: PHONE,
    locale: language === 'en' ? 'en-GB' : 'tr-TR',
    colorScheme,
    ...device,
  });
  expect(await context.cookies()).toEqual([]);
  return { context, page: await context.newPage() };
}

async function makeLink(page: Page, language: Language): Promise<string> {
  await page.getByRole('button', { name: TEXTS[language].link }).click();
  const created = page.getByTestId('install-link-created');
  await created.waitFor();
  const url = (await created.locator('p', { hasText: '/install/' }).innerText()).trim();
  expect(url).toMatch(new RegExp(`^${shop.baseUrl}/install/[A-Za-z0-9_-]{22}$`));
  return url;
}

async function mailTo(email: string): Promise<CaughtMail> {
  return (await waitFor(async () => (await shop.mail.messages()).find((m) => m.to.includes(email)), {
    what: `the install mail to ${email}`,
    timeoutMs: 20_000,
  }))!;
}

describe('installing an eSIM from another device in a browser', () => {
  it('mails the QR png to the demo inbox; a one-time link opens the install page on a fresh Android phone and iPhone; revoked, it is gone (Turkish, light)', async () => {
    const t = TEXTS.tr;
    const { email, token, order, esim, priceCents } = await customerWithNewEsim('tr');
    const owner = await ownerOnOrderPage('tr', 'light', email, order.id);
    await shoot(owner.page, 'tr-light-order-install-actions');

    // "Send to my e-mail": the mail reaches the demo inbox with the QR png attached inline.
    await owner.page.getByRole('button', { name: t.mail }).click();
    await owner.page.getByText(t.mailSent).waitFor();
    const message = await mailTo(email);
    expect(message.subject).toBe(`${t.subject} (${order.order_number})`);
    expect(message.text).toContain(`SM-DP+ adresi: ${esim.smdp_address}`);
    expect(message.text).toContain(`Aktivasyon kodu: ${esim.matching_id}`);
    expect(message.text).toContain(esim.ios_install_url);
    expect(message.attachments).toEqual([
      expect.objectContaining({ fileName: `${esim.iccid}.png`, contentType: 'image/png' }),
    ]);
    expect(message.html).toContain(`cid:${message.attachments[0]!.contentId}`);
    const png = Buffer.from(await (await fetch(message.attachments[0]!.url)).arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // The inbox as a person sees it: the mail with its QR code drawn.
    const inbox = await shop.browser.newPage({ viewport: DESKTOP });
    await inbox.goto(`${shop.mail.webUrl}/#/`, { waitUntil: 'networkidle' });
    await inbox.getByText(message.subject).first().click();
    const body = inbox.frameLocator('iframe').first();
    await expectImagesDrawn(body.locator('img'));
    await inbox.screenshot({ path: `${SHOTS_DIR}/tr-demo-inbox-install-mail-desktop.png` });
    await inbox.close();

    // A one-time link, opened on an Android phone that never signed in.
    const link = await makeLink(owner.page, 'tr');
    await shoot(owner.page, 'tr-light-order-install-link');
    const android = await freshDevice('tr', 'light', { userAgent: UA.android, isMobile: true, hasTouch: true });
    await android.page.goto(link, { waitUntil: 'networkidle' });
    const manual = android.page.getByTestId('install-manual');
    await manual.waitFor();
    expect(await manual.innerText()).toContain(esim.smdp_address);
    expect(await manual.innerText()).toContain(esim.matching_id);
    expect(await manual.getByRole('button', { name: t.copySmdp }).count()).toBe(1);
    expect(await android.page.getByTestId('install-ios').count()).toBe(0);
    expect(await android.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    // Still no session on this device, nor any cookie: the browser's own language needs none kept.
    expect((await android.context.cookies()).map((cookie) => cookie.name)).toEqual([]);
    expect(await android.page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await shoot(android.page, 'tr-light-install-page-android');

    // The same link on an iPhone: the one-tap install link first.
    const iphone = await freshDevice('tr', 'light', { userAgent: UA.iphone, isMobile: true, hasTouch: true });
    await iphone.page.goto(link, { waitUntil: 'networkidle' });
    const oneTap = iphone.page.getByRole('link', { name: t.oneTap });
    expect(await oneTap.getAttribute('href')).toBe(esim.ios_install_url);
    await shoot(iphone.page, 'tr-light-install-page-iphone');

    // The owner sees the link was opened, revokes it, and it opens nothing any more.
    await owner.page.reload({ waitUntil: 'networkidle' });
    const row = owner.page.getByTestId('install-link').first();
    expect(await row.innerText()).toContain('2 kez açıldı');
    await row.getByRole('button', { name: t.revoke }).click();
    await owner.page.getByText('İptal edildi', { exact: true }).first().waitFor();
    await shoot(owner.page, 'tr-light-order-install-link-revoked');
    await android.page.reload({ waitUntil: 'networkidle' });
    await android.page.getByRole('alert').filter({ hasText: t.gone }).waitFor();
    expect(await android.page.content()).not.toContain(esim.matching_id);
    await shoot(android.page, 'tr-light-install-page-revoked');

    await Promise.all([owner.context.close(), android.context.close(), iphone.context.close()]);
    await expectBooks(shop.system, token, 50_00 - priceCents);
  }, 180_000);

  it('opens on a computer with the QR code, and shows no code once the eSIM is in use (English, dark)', async () => {
    const t = TEXTS.en;
    const { email, token, order, esim, priceCents } = await customerWithNewEsim('en');
    const owner = await ownerOnOrderPage('en', 'dark', email, order.id);
    await owner.page.getByRole('button', { name: t.mail }).click();
    await owner.page.getByText(t.mailSent).waitFor();
    expect((await mailTo(email)).subject).toBe(`${t.subject} (${order.order_number})`);
    const link = await makeLink(owner.page, 'en');
    await shoot(owner.page, 'en-dark-order-install-link');

    const computer = await freshDevice('en', 'dark', { viewport: DESKTOP });
    await computer.page.goto(link, { waitUntil: 'networkidle' });
    const qr = computer.page.getByTestId('install-qr').locator('img');
    await expectImagesDrawn(qr);
    expect(await computer.page.getByRole('link', { name: t.oneTap }).getAttribute('href')).toBe(esim.ios_install_url);
    await shoot(computer.page, 'en-dark-install-page-computer');

    // The operator reports traffic: the eSIM is installed, and the page no longer shows its code.
    const used = await reportUsage(shop.system, [
      { id: `installed-${esim.iccid}`, iccid: esim.iccid, used_bytes: 2048 },
    ]);
    expect(used.statusCode, used.body).toBe(200);
    await computer.page.reload({ waitUntil: 'networkidle' });
    await computer.page.getByTestId('install-done').filter({ hasText: t.installed }).waitFor();
    const html = await computer.page.content();
    expect(html).not.toContain(esim.matching_id);
    expect(html).not.toContain(esim.smdp_address);
    await shoot(computer.page, 'en-dark-install-page-installed');
    await owner.page.reload({ waitUntil: 'networkidle' });
    await owner.page.getByTestId('install-link').filter({ hasText: 'eSIM installed' }).waitFor();
    await shoot(owner.page, 'en-dark-order-after-install');

    await Promise.all([owner.context.close(), computer.context.close()]);
    await expectBooks(shop.system, token, 50_00 - priceCents);
  }, 180_000);
});
