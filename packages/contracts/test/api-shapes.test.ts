import { describe, expect, it } from 'vitest';
import {
  balanceCheckStatusColor,
  deriveUsage,
  esimRefundDeadline,
  esimRefundRefusal,
  ESIM_ORDER_NUMBER_PATTERN,
  homePathOf,
  PHYSICAL_SERIAL_PATTERN,
  physicalCardReturnDeadline,
  planStatusDisplay,
  REFUND_POLICY,
  DEMO_LOOKUPS,
} from '../src/index';

const now = new Date('2026-06-15T12:00:00Z');

describe('plan status display', () => {
  it('active and not past expiry is green Active', () => {
    expect(planStatusDisplay('active', '2026-06-20T00:00:00Z', now)).toMatchObject({
      key: 'active',
      color: 'success',
      label: { tr: 'Aktif' },
    });
    expect(planStatusDisplay('active', null, now).color).toBe('success');
  });
  it("active but past expiry is red 'Süresi Dolmuş'", () => {
    expect(planStatusDisplay('active', '2026-06-01T00:00:00Z', now)).toMatchObject({
      key: 'expired',
      color: 'error',
      label: { tr: 'Süresi Dolmuş' },
    });
  });
  it('a never-used eSIM is Ready to install, not Unknown; past its expiry it is expired', () => {
    expect(planStatusDisplay('inactive', null, now)).toMatchObject({
      key: 'ready',
      color: 'info',
      label: { tr: 'Kuruluma hazır', en: 'Ready to install' },
    });
    expect(planStatusDisplay('inactive', '2026-06-01T00:00:00Z', now)).toMatchObject({
      key: 'expired',
      color: 'error',
    });
  });
  it('suspended, revoked and refunded are named, in grey', () => {
    expect(planStatusDisplay('suspended', null, now)).toMatchObject({
      key: 'suspended',
      color: 'default',
      label: { tr: 'Askıya Alındı', en: 'Suspended' },
    });
    expect(planStatusDisplay('revoked', null, now)).toMatchObject({
      key: 'revoked',
      color: 'default',
      label: { tr: 'İptal Edildi', en: 'Cancelled' },
    });
    expect(planStatusDisplay('refunded', null, now)).toMatchObject({
      key: 'refunded',
      color: 'default',
      label: { tr: 'İade Edildi', en: 'Refunded' },
    });
  });
  it('expired is red, used grey Tüketilmiş, a status the system does not know yellow Bilinmiyor', () => {
    expect(planStatusDisplay('expired', null, now)).toMatchObject({ color: 'error', label: { tr: 'Süresi Dolmuş' } });
    expect(planStatusDisplay('used', null, now)).toMatchObject({ color: 'default', label: { tr: 'Tüketilmiş' } });
    for (const other of ['installing', '', null, undefined]) {
      expect(planStatusDisplay(other, null, now)).toMatchObject({ color: 'warning', label: { tr: 'Bilinmiyor' } });
    }
  });
  it('balance-check colours: active green, inactive grey, expired red; ready blue as on the order page', () => {
    expect([
      balanceCheckStatusColor('active'),
      balanceCheckStatusColor('inactive'),
      balanceCheckStatusColor('expired'),
      balanceCheckStatusColor('refunded'),
    ]).toEqual(['success', 'default', 'error', 'default']);
    expect(balanceCheckStatusColor('ready')).toBe(planStatusDisplay('inactive', null).color);
  });
});

describe('usage derivation', () => {
  it('used = total - remaining, percentage rounded, 0 when total is 0', () => {
    expect(deriveUsage(1000, 333)).toMatchObject({ used_bytes: 667, percentage: 67 });
    expect(deriveUsage(0, 0)).toMatchObject({ used_bytes: 0, percentage: 0 });
    expect(deriveUsage(100, 500)).toMatchObject({ remaining_bytes: 100, used_bytes: 0, percentage: 0 });
  });
});

describe('refund policy', () => {
  const bought = new Date('2026-06-01T00:00:00Z');
  it('an unactivated eSIM is refundable within the window only', () => {
    expect(esimRefundDeadline(bought).toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(
      esimRefundRefusal({ purchasedAt: bought, activated: false, usedBytes: 0, status: 'inactive' }, now),
    ).toBeNull();
    expect(
      esimRefundRefusal(
        { purchasedAt: bought, activated: false, usedBytes: 0, status: 'inactive' },
        new Date('2026-07-02T00:00:00Z'),
      ),
    ).toBe('esim_refund_window_passed');
    expect(esimRefundRefusal({ purchasedAt: bought, activated: true, usedBytes: 1, status: 'active' }, now)).toBe(
      'esim_refund_activated',
    );
    expect(esimRefundRefusal({ purchasedAt: bought, activated: false, usedBytes: 0, status: 'refunded' }, now)).toBe(
      'esim_refund_not_allowed_status',
    );
  });
  it('cards return within 15 days', () => {
    expect(REFUND_POLICY.physicalCardReturnDays).toBe(15);
    expect(physicalCardReturnDeadline(bought).toISOString()).toBe('2026-06-16T00:00:00.000Z');
  });
});

describe('lookups and session', () => {
  it('demo lookup numbers follow the public formats', () => {
    for (const n of Object.values(DEMO_LOOKUPS.esimOrderNumbers)) expect(n).toMatch(ESIM_ORDER_NUMBER_PATTERN);
    for (const s of Object.values(DEMO_LOOKUPS.physicalSerials)) expect(s).toMatch(PHYSICAL_SERIAL_PATTERN);
  });
  it('sales managers land on their dealers, everyone else on the dashboard', () => {
    expect(homePathOf({ user_type: 4 })).toBe('/dashboard/sales-manager/dealers');
    for (const t of [1, 2, 3]) expect(homePathOf({ user_type: t })).toBe('/dashboard');
  });
});
