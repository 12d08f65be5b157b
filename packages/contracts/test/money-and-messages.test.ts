import { describe, expect, it } from 'vitest';
import { formatEuros } from '../src/euros';
import { nonNegativeEuroAmount, positiveEuroAmount } from '../src/money';
import { pickLocale, translate } from '../src/messages/index';

describe('money on the wire', () => {
  it('turns euros into integer cents without float drift', () => {
    expect(positiveEuroAmount.parse(14.99)).toBe(1499);
    expect(positiveEuroAmount.parse(0.3)).toBe(30);
    expect(positiveEuroAmount.parse(0.01)).toBe(1);
    expect(positiveEuroAmount.parse(1e6)).toBe(100_000_000);
    expect(nonNegativeEuroAmount.parse(0)).toBe(0);
  });

  it('refuses a third decimal, negatives, zero, tiny and non-finite amounts: never rounds into another value', () => {
    for (const bad of [
      1.001,
      -1,
      0,
      1e-9,
      0.001,
      0.005,
      0.1 + 0.2,
      5.0000000001,
      Number.POSITIVE_INFINITY,
      Number.NaN,
    ]) {
      expect(positiveEuroAmount.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(positiveEuroAmount.safeParse(1e-9).error!.issues.map((i) => i.message)).toEqual(['amount_two_decimals']);
    for (const bad of [1e-9, -0.01, 2.345])
      expect(nonNegativeEuroAmount.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('formats in the German format: de-DE, EUR, 2 decimals', () => {
    expect(formatEuros(1499).replace(/\s/g, ' ')).toBe('14,99 €');
  });
});

describe('messages', () => {
  it('speaks Turkish by default and English on request', () => {
    expect(translate('invalid_credentials', pickLocale(undefined))).toBe('Geçersiz email veya şifre');
    expect(translate('user_already_exists', pickLocale('en-US,en;q=0.9'))).toBe('This email address is already in use');
    expect(pickLocale('de-DE, en;q=0.5')).toBe('en');
    expect(pickLocale('fr')).toBe('tr');
  });

  it('fills placeholders', () => {
    expect(translate('rate_limited', 'en', { retryAfter: 30 })).toContain('30 seconds');
  });

  it("names a request's stored status in the caller's words, and an unlisted value as it is", () => {
    expect(translate('order_not_pending', 'tr', { status: 'approved' })).toBe('Bu sipariş zaten onaylandı');
    expect(translate('return_not_pending', 'tr', { status: 'rejected' })).toBe('Bu iade zaten reddedildi');
    expect(translate('order_not_pending', 'en', { status: 'rejected' })).toBe('This order is already rejected');
    expect(translate('events_status_parked_row', 'tr', { status: 'parked' })).toContain('[parked]');
  });
});
