import { describe, expect, it } from 'vitest';
import { prerender } from '../../entry-server';

/**
 * The banner is in the prerendered page, hidden: the boot file shows it to a visitor with no
 * stored choice, so it paints with the page rather than after the app has started.
 */
describe('the prerendered cookie banner', () => {
  it.each([
    ['tr', 'Çerez'],
    ['en', 'cookie'],
  ] as const)(
    '%s: carried hidden in the HTML, with its text and buttons',
    async (lng, word) => {
      const { body } = await prerender('/', lng, 'demo');
      const banner = /<div data-cookie-banner="" hidden="">([\s\S]*?)<\/section>/.exec(body)?.[1];
      expect(banner).toBeDefined();
      expect(banner).toMatch(new RegExp(word, 'i'));
      expect(banner!.match(/<button/g)?.length).toBeGreaterThanOrEqual(3);
    },
    30_000,
  );
});
