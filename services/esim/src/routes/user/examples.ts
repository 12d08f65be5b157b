import type { EsimOrder, EsimProfile } from '@esim/contracts';

/** Examples the OpenAPI document shows beside the partner routes (typed, so they stay true to the schemas). */
const esim: EsimProfile = {
  id: '0b8e4c1e-54a0-4a43-9f0e-3c1f7d2a9b10',
  order_id: 'f3c2a1b0-7d6e-4f5a-8b9c-0d1e2f3a4b5c',
  iccid: '8990011234567890123',
  status: 'inactive',
  activation_code: 'LPA:1$smdp.example.com$K2-1A2B3C-4D5E6F',
  smdp_address: 'smdp.example.com',
  matching_id: 'K2-1A2B3C-4D5E6F',
  confirmation_code_required: false,
  ios_install_url:
    'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example.com%24K2-1A2B3C-4D5E6F',
  qr_url: '/api/user/esim/qr/8990011234567890123.png',
  usage: { total_bytes: 3221225472, remaining_bytes: 3221225472, used_bytes: 0, percentage: 0, unlimited: false },
  usage_updated_at: null,
  activated_at: null,
  expires_at: null,
  refundable: true,
  refund_deadline: '2026-12-20T10:15:00.000Z',
};

export const orderExample: EsimOrder = {
  id: 'f3c2a1b0-7d6e-4f5a-8b9c-0d1e2f3a4b5c',
  order_number: 'K7Q2M9X4TB',
  status: 'completed',
  package: {
    id: '7d5a3c4e-2b1f-4e8a-9c6d-1a2b3c4d5e6f',
    code: 'US-7D-3GB',
    name: 'United States 3 GB',
    title: 'United States 3 GB · 7 days',
    country_slug: 'united-states',
    country_name: 'United States',
    data_mb: 3072,
    unlimited: false,
    validity_days: 7,
    operator: null,
  },
  quantity: 1,
  unit_price: 9.5,
  unit_price_cents: 950,
  total: 9.5,
  total_cents: 950,
  currency: 'EUR',
  failure_reason: null,
  failure_code: null,
  esim_count: 1,
  top_up_of: null,
  created_at: '2026-12-06T10:15:00.000Z',
  completed_at: '2026-12-06T10:15:01.000Z',
  user_id: '4c7e9a2b-1d3f-4a5b-8c6d-7e8f9a0b1c2d',
  esims: [esim],
  agreement: null,
};

export const usageExample = {
  esim: { ...esim, status: 'active' as const, activated_at: '2026-12-07T08:00:00.000Z', refundable: false },
  records: [
    {
      id: 'usage-2026-12-07-0001',
      esim_id: esim.id,
      used_bytes: 524288000,
      remaining_bytes: 2696937472,
      recorded_at: '2026-12-07T12:00:00.000Z',
      source: 'webhook' as const,
    },
  ],
};

export const refundExample = {
  esim_id: esim.id,
  order_id: esim.order_id,
  refunded: 9.5,
  refunded_cents: 950,
  to_card: 0,
  to_card_cents: 0,
  to_balance: 9.5,
  to_balance_cents: 950,
  status: 'refunded' as const,
};
