import { describe, expect, it } from 'vitest';
import { derivedUsage, planStatusDisplay } from './plan-status';

const now = new Date('2026-06-01T12:00:00Z');
const future = '2026-06-10T00:00:00Z';
const past = '2026-05-30T00:00:00Z';

describe('plan status display (spec section 4)', () => {
  it.each([
    ['active', future, 'active', 'green', 'Aktif'],
    ['active', null, 'active', 'green', 'Aktif'],
    ['active', past, 'expired', 'red', 'Süresi Dolmuş'],
    ['expired', future, 'expired', 'red', 'Süresi Dolmuş'],
    ['expired', past, 'expired', 'red', 'Süresi Dolmuş'],
    ['used', future, 'used', 'grey', 'Tüketilmiş'],
    ['inactive', null, 'unknown', 'yellow', 'Bilinmiyor'],
    ['suspended', future, 'unknown', 'yellow', 'Bilinmiyor'],
    ['something-else', null, 'unknown', 'yellow', 'Bilinmiyor'],
  ])('%s with expiry %s → %s (%s, %s)', (status, expiry, shown, color, label) => {
    expect(planStatusDisplay(status, expiry, now)).toMatchObject({ status: shown, color, label: { tr: label } });
  });

  it('derives used and percentage, 0 % when the total is 0', () => {
    expect(derivedUsage(1000, 250)).toEqual({ used: 750, percentage: 75 });
    expect(derivedUsage(3, 2)).toEqual({ used: 1, percentage: 33 });
    expect(derivedUsage(0, 0)).toEqual({ used: 0, percentage: 0 });
  });
});
