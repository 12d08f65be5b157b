import { describe, expect, it } from 'vitest';
import { DEMO_BRAND, DEMO_SELLER, sellerView, type PublicShop } from '@esim/contracts';
import { prerender, prerenderAnswers } from './entry-server';

/** A prerendered country page carries its plans and prices in the HTML, not only its headings. */
describe('the prerendered country page', () => {
  it.each([
    ['tr', ['Başlangıç', 'Standart', 'Premium', '14,99', '24,99', '39,99', '3 GB', 'Amerika 15 Gün', 'Dünya 30 Gün']],
    ['en', ['Starter', 'Standard', 'Premium', '14,99', '24,99', '39,99', '3 GB', 'Americas 15 Days', 'World 30 Days']],
  ] as const)(
    '%s: every package row with name, data and price, and the answer for the browser to hydrate with',
    async (lng, texts) => {
      const page = await prerender('/packages/united-states', lng, 'demo');
      expect(page.body.match(/data-testid="package-row"/g)?.length).toBe(3 + 3);
      for (const text of texts) expect(page.body).toContain(text);
      expect(page.head).toContain('<title');
      expect(page.data).toMatch(/^<script type="application\/json" id="prerender-data">/);
      const data = JSON.parse(page.data.replace(/^<script[^>]*>|<\/script>$/g, ''));
      expect(data.lng).toBe(lng);
      expect(
        data.answers['/public/countries/united-states/packages'].packages.map((p: { price: number }) => p.price),
      ).toEqual([14.99, 24.99, 39.99]);
      // Buying waits for the API's answer (the real package ids).
      expect(page.body).toMatch(/<button[^>]*disabled[^>]*>/);
    },
    30_000,
  );

  it("a production build carries no demo catalogue nor demo shop, and other pages only the shop's identity", async () => {
    expect(prerenderAnswers('/packages/united-states', 'tr', 'production').answers).toEqual({});
    expect(Object.keys(prerenderAnswers('/faq', 'tr', 'demo').answers)).toEqual(['/public/shop']);
    const page = await prerender('/packages/united-states', 'tr', 'production');
    expect(page.data).toBe('');
    expect(page.body).not.toContain('14,99');
  }, 30_000);

  // The identity a build read from the running shop (SHOP_API_URL): what the admin set last.
  const ownShop: PublicShop = {
    brand: { ...DEMO_BRAND, name: 'Pusula Seyahat' },
    seller: { ...sellerView(DEMO_SELLER), phone: '+90 216 000 00 00', email: 'yardim@ornek.test' },
  };

  it("every page's footer carries the seller's contact from the shop's identity, the demo shop's by default", async () => {
    const page = await prerender('/faq', 'tr', 'demo');
    const footer = page.body.slice(page.body.indexOf('data-testid="seller-contact"'));
    for (const text of [DEMO_SELLER.address, DEMO_SELLER.phone, `mailto:${DEMO_SELLER.email}`])
      expect(footer).toContain(text);
    expect(prerenderAnswers('/faq', 'en', 'demo', ownShop).answers['/public/shop']).toEqual(ownShop);
  }, 30_000);

  it('bakes the brand the build read into the header, the titles and the footer, and no other name', async () => {
    const demo = await prerender('/faq', 'tr', 'demo');
    expect(demo.head).toContain(`| ${DEMO_BRAND.name}</title>`);
    const page = await prerender('/faq', 'tr', 'demo', ownShop);
    expect(page.head).toMatch(/<title[^>]*>[^<]*Pusula Seyahat<\/title>/);
    expect(page.body).toContain('Pusula Seyahat');
    expect(page.body + page.head).not.toContain(DEMO_BRAND.name);
    expect(page.body + page.head).not.toContain('eSIM Go');
  }, 30_000);

  it.each([
    ['tr', 'Sorularınız için '],
    ['en', 'For questions write to '],
  ] as const)(
    "%s: the terms name the e-mail the shop's identity gives, not a copy in the texts",
    async (lng, lead) => {
      const page = await prerender('/terms', lng, 'demo', ownShop);
      expect(page.body).toContain(`${lead}yardim@ornek.test`);
      expect(page.body).not.toContain(DEMO_SELLER.email);
    },
    30_000,
  );
});
