import { describe, expect, it } from 'vitest';
import { deriveUsage, planStatusDisplay } from '@esim/contracts';
import { usageView } from '../src/profiles/views';
import type { ProfileRow } from '../src/rows';

const now = new Date('2026-06-01T12:00:00Z');
const future = '2026-06-10T00:00:00Z';
const past = '2026-05-30T00:00:00Z';

/** Every case of the plan status display (docs/product.md), through the shared helper the API and both UIs use. */
describe('plan status display', () => {
  it.each([
    ['active', future, 'active', 'success', 'Aktif'],
    ['active', null, 'active', 'success', 'Aktif'],
    ['active', past, 'expired', 'error', 'Süresi Dolmuş'],
    ['expired', future, 'expired', 'error', 'Süresi Dolmuş'],
    ['expired', past, 'expired', 'error', 'Süresi Dolmuş'],
    ['used', future, 'used', 'default', 'Tüketilmiş'],
    ['inactive', null, 'ready', 'info', 'Kuruluma hazır'],
    ['inactive', past, 'expired', 'error', 'Süresi Dolmuş'],
    ['suspended', future, 'suspended', 'default', 'Askıya Alındı'],
    ['refunded', null, 'refunded', 'default', 'İade Edildi'],
    ['something-else', null, 'unknown', 'warning', 'Bilinmiyor'],
  ])('%s with expiry %s → %s (%s, %s)', (status, expiry, key, color, label) => {
    expect(planStatusDisplay(status, expiry, now)).toMatchObject({ key, color, label: { tr: label } });
  });

  it('derives used and percentage, 0 % when the total is 0', () => {
    expect(deriveUsage(1000, 250)).toMatchObject({ used_bytes: 750, percentage: 75 });
    expect(deriveUsage(3, 2)).toMatchObject({ used_bytes: 1, percentage: 33 });
    expect(deriveUsage(0, 0)).toMatchObject({ used_bytes: 0, percentage: 0 });
  });

  it("an eSIM's usage: remaining never below 0, an unlimited plan reads 0 %", () => {
    const row = { data_total_bytes: 1000, data_used_bytes: 1200 } as unknown as ProfileRow;
    expect(usageView(row)).toMatchObject({ total_bytes: 1000, used_bytes: 1000, remaining_bytes: 0, percentage: 100 });
    expect(usageView({ data_total_bytes: null, data_used_bytes: 5 } as unknown as ProfileRow)).toMatchObject({
      total_bytes: 0,
      percentage: 0,
      unlimited: true,
    });
  });
});
