import { describe, expect, it } from 'vitest';
import { esimOrderCompleted } from '@esim/contracts';
import { completedEvent } from '../src/orders/events';
import type { OrderRow } from '../src/rows';

/** A dealer's completed order as the provisioning step reads it back (no documents, paid from its balance). */
const order = (overrides: Partial<OrderRow> = {}): OrderRow => ({
  id: '7c2b6f0e-1d1a-4c55-9a37-2f3f1b0c0a01',
  order_number: 'ES-2026-000321',
  user_id: '00000000-0000-4000-8000-000000000003',
  package_id: null,
  package_code: 'TR-7D-3GB',
  package_name_tr: 'Türkiye 3 GB',
  package_name_en: 'Turkey 3 GB',
  package_type: 'local',
  countries: ['TR'],
  data_mb: 3072,
  validity_days: 7,
  quantity: 2,
  unit_price_cents: 1299,
  total_cents: 2598,
  step: 'completed',
  hold_id: 'hold-1',
  failure_code: null,
  failure_params: {},
  locale: 'en',
  attempts: 0,
  demo: false,
  created_at: new Date('2026-12-06T10:00:00Z'),
  updated_at: new Date('2026-12-06T10:00:05Z'),
  completed_at: new Date('2026-12-06T10:00:04Z'),
  top_up_profile_id: null,
  card_payment_id: null,
  supplier: 'pool',
  supplier_package_id: null,
  customer_name: null,
  customer_email: null,
  ...overrides,
});

describe('the completion event', () => {
  it("carries the sale's facts an invoice line needs, beside the shared order fields", () => {
    const event = completedEvent(order());
    expect(esimOrderCompleted.payload.parse(event.payload)).toEqual({
      orderId: '7c2b6f0e-1d1a-4c55-9a37-2f3f1b0c0a01',
      userId: '00000000-0000-4000-8000-000000000003',
      amountCents: 2598,
      holdId: 'hold-1',
      orderNumber: 'ES-2026-000321',
      locale: 'en',
      completedAt: '2026-12-06T10:00:04.000Z',
      packageCode: 'TR-7D-3GB',
      packageNameTr: 'Türkiye 3 GB',
      packageNameEn: 'Turkey 3 GB',
      planTitleTr: expect.stringContaining('3 GB'),
      planTitleEn: expect.stringContaining('3 GB'),
      quantity: 2,
      unitPriceCents: 1299,
      topUp: false,
    });
    expect(completedEvent(order({ top_up_profile_id: 'p-1' })).payload.topUp).toBe(true);
  });

  it('of an earlier release, with the shared order fields only, still parses', () => {
    const older = { orderId: 'o-1', userId: 'u-1', amountCents: 1299, holdId: null };
    expect(esimOrderCompleted.payload.parse(older)).toEqual(older);
  });
});
