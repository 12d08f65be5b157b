import { describe, expect, it } from 'vitest';
import { robotsTxt, SITEMAP_PAGES, sitemapXml } from '../scripts/build-extras';
import { PUBLIC_PAGES } from './public-pages';

describe('sitemap and robots', () => {
  it('the sitemap lists every public page of the router, with tr/en alternates', () => {
    expect([...SITEMAP_PAGES]).toEqual([...PUBLIC_PAGES]);
    const xml = sitemapXml('https://shop.example');
    expect(xml.match(/<url>/g)).toHaveLength(PUBLIC_PAGES.length);
    expect(xml).toContain('<loc>https://shop.example/packages/united-states</loc>');
    expect(xml).toContain('hreflang="en" href="https://shop.example/faq?lng=en"');
  });

  it('robots.txt points at the sitemap and keeps crawlers out of the API and private pages', () => {
    const robots = robotsTxt('https://shop.example');
    expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(robots).toContain('Disallow: /api/');
  });
});

describe('route patterns for the gateway', () => {
  it("list every page's path, with parameters, and not the catch-all", async () => {
    const { ROUTE_PATTERNS } = await import('./routes');
    expect(ROUTE_PATTERNS).toContain('/');
    expect(ROUTE_PATTERNS).toContain('/packages/:country');
    expect(ROUTE_PATTERNS).toContain('/order/:id');
    for (const page of PUBLIC_PAGES.filter((p) => !p.includes('united-states'))) expect(ROUTE_PATTERNS).toContain(page);
    expect(ROUTE_PATTERNS).not.toContain('/*');
    expect(ROUTE_PATTERNS).not.toContain('/404');
  });
});
