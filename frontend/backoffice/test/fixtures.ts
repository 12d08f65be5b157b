import type { DealerPackage, EsimOrder, EsimRefundPreview, PhysicalOrder, PlusPackage } from '@esim/contracts';
import { DEMO_BRAND, DEMO_SELLER, sellerView } from '@esim/contracts';
import type { BackOfficeDataProvider } from '../src/providers/dataProvider';
import type { Session, SessionStore } from '@esim/frontend-shared/session';

/**
 * Fixtures the component tests share: one session per kind of user and a fake data provider
 * answering from in-memory records in the services' shapes (it records every call, so a test can
 * say what was never asked, e.g. a sales manager's balance).
 */
export const SESSIONS = {
  dealer: {
    token: 'dealer-token',
    user: {
      id: '00000000-0000-4000-8000-000000000003',
      email: 'dealer@esim.test',
      full_name: 'Deniz Bayi',
      user_type: 2,
    },
  },
  customer: {
    token: 'customer-token',
    user: {
      id: '00000000-0000-4000-8000-000000000005',
      email: 'customer@esim.test',
      full_name: 'Can Müşteri',
      user_type: 1,
    },
  },
  salesManager: {
    token: 'sales-token',
    user: {
      id: '00000000-0000-4000-8000-000000000002',
      email: 'sales@esim.test',
      full_name: 'Serkan Satış',
      user_type: 4,
    },
  },
  admin: {
    token: 'admin-token',
    user: {
      id: '00000000-0000-4000-8000-000000000001',
      email: 'admin@esim.test',
      full_name: 'Ayşe Yönetici',
      user_type: 3,
    },
  },
} satisfies Record<string, Session>;

export function memorySessionStore(initial: Session | null): SessionStore & { current: Session | null } {
  const store = {
    current: initial,
    read: () => store.current,
    write: (session: Session) => {
      store.current = session;
    },
    clear: () => {
      store.current = null;
    },
  };
  return store;
}

const esim = {
  id: 'esim-1',
  order_id: 'order-1',
  iccid: '8990011234567890123',
  status: 'active' as const,
  activation_code: 'LPA:1$smdp.example.com$MATCH-1',
  smdp_address: 'smdp.example.com',
  matching_id: 'MATCH-1',
  confirmation_code_required: false,
  ios_install_url: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example.com%24MATCH-1',
  qr_url: 'data:image/png;base64,iVBORw0KGgo=',
  usage: {
    total_bytes: 1024 ** 3,
    remaining_bytes: 256 * 1024 ** 2,
    used_bytes: 768 * 1024 ** 2,
    percentage: 75,
    unlimited: false,
  },
  usage_updated_at: '2026-11-20T10:05:00.000Z',
  activated_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2099-01-01T00:00:00.000Z',
  refundable: false,
  refund_deadline: null,
};

export const ESIM_ORDER: EsimOrder = {
  id: 'order-1',
  order_number: 'QK7TR4M2ZX',
  status: 'completed',
  package: {
    id: 'pkg-tr',
    code: 'TR-1GB-7D',
    name: 'Türkiye 1 GB',
    title: 'Türkiye 1 GB · 7 gün',
    country_slug: 'turkiye',
    country_name: 'Türkiye',
    data_mb: 1024,
    unlimited: false,
    validity_days: 7,
    operator: 'Demo',
  },
  quantity: 1,
  unit_price: 4.5,
  unit_price_cents: 450,
  total: 4.5,
  total_cents: 450,
  currency: 'EUR',
  failure_reason: null,
  failure_code: null,
  esim_count: 1,
  created_at: '2026-11-20T09:00:00.000Z',
  completed_at: '2026-11-20T09:00:05.000Z',
  user_id: SESSIONS.dealer.user.id,
  esims: [esim],
  // A dealer's order placed through the back office carries no checkout documents.
  agreement: null,
};

/** A 7-day 1 GB Türkiye eSIM package as a dealer's price list answers it; without a dealer price the list price applies. */
export function dealerPackage(
  id: string,
  {
    name,
    base_price,
    dealer_price = null,
    ...fields
  }: Partial<DealerPackage> & Pick<DealerPackage, 'name' | 'base_price'>,
): DealerPackage {
  return {
    id,
    package_id: id,
    code: id.toUpperCase(),
    kind: 'esim',
    name,
    name_tr: name,
    name_en: name,
    type: 'local',
    countries: ['TR'],
    validity_days: 7,
    data_mb: 1024,
    data: '1 GB',
    active: true,
    paused_reason: null,
    on_sale: true,
    base_price,
    dealer_price,
    price: dealer_price ?? base_price,
    price_source: dealer_price === null ? 'retail' : 'dealer',
    currency: 'EUR',
    dealer_price_updated_at: null,
    ...fields,
  };
}

export const PLUS_PACKAGE: PlusPackage = {
  id: 'plus-1',
  code: 'PLUS-EU-10',
  name: 'Plus Avrupa 10 GB',
  data_mb: 10240,
  validity_days: 30,
  price: 20,
  price_cents: 2000,
  retail_price: 25,
  retail_price_cents: 2500,
  price_source: 'dealer',
  countries: ['DE', 'FR', 'IT'],
  available: 40,
};

export const PHYSICAL_ORDER: PhysicalOrder = {
  id: 'po-1',
  order_number: 'PS10001',
  user_id: SESSIONS.dealer.user.id,
  dealer_name: 'Deniz Telekom Ltd. Şti.',
  package_id: 'plus-1',
  package_code: 'PLUS-EU-10',
  package_name: 'Plus Avrupa 10 GB',
  quantity: 5,
  unit_price: 20,
  unit_price_cents: 2000,
  total: 100,
  total_cents: 10000,
  status: 'pending',
  note: null,
  reason: null,
  hold_id: 'hold-1',
  card_ids: [],
  created_at: '2026-11-22T12:00:00.000Z',
  decided_at: null,
  decided_by: null,
};

/** GET /user/esim/:id/refund of an eSIM bought partly by card: 11,99 € back to the card, 3,00 € to the balance. */
export const REFUND_PREVIEW: EsimRefundPreview = {
  esim_id: 'esim-1',
  refundable: true,
  refusal: null,
  refusal_code: null,
  amount: 14.99,
  amount_cents: 1499,
  to_card: 11.99,
  to_card_cents: 1199,
  to_balance: 3,
  to_balance_cents: 300,
  card_payment_reference: 'demo-27918732',
};

type Records = Record<string, Array<Record<string, any>>>;

/** A bank-transfer deposit waiting for an admin, in GET /admin/deposits' shape. */
export const PENDING_DEPOSIT = {
  id: '00000000-0000-4000-8000-0000000000a1',
  user_id: SESSIONS.dealer.user.id,
  user_name: 'Deniz Telekom Ltd. Şti.',
  user_email: 'dealer@esim.test',
  amount: 250,
  amount_cents: 25000,
  method: 'bank_transfer',
  reference_code: 'BK7Q2MXYZA',
  status: 'pending',
  transfer_id: null,
  decided_by: null,
  decided_at: null,
  reason: null,
  created_at: '2026-11-22T08:30:00.000Z',
  amount_retype_required: false,
};

/** The shop's money settings (GET /admin/balance/settings) as a fresh demo shop has them: the placeholder IBAN. */
export const BALANCE_SETTINGS = {
  account_holder: 'Yelkovan Demo Teknoloji A.Ş.',
  bank_name: 'Demo Bank A.Ş.',
  iban: 'TR00 0000 0000 0000 0000 0000 00',
  iban_valid: false,
  bank_details_shown: true,
  deposit_max: 100000,
  deposit_max_cents: 10000000,
  confirm_retype_above: 1000,
  confirm_retype_above_cents: 100000,
  updated_by: null,
  updated_at: null,
};

/** A partnership message from the public site, not opened yet. */
export const NEW_MESSAGE = {
  id: '00000000-0000-4000-8000-0000000000b1',
  kind: 'partnership',
  company_name: 'Gezgin Turizm A.Ş.',
  full_name: 'Selin Gezgin',
  email: 'selin@gezgin.example',
  subject: null,
  message: 'Bayiniz olmak istiyoruz; görüşebilir miyiz?',
  locale: 'tr',
  status: 'new',
  status_changed_by: null,
  status_changed_at: null,
  created_at: '2026-11-21T15:00:00.000Z',
};

const zeroSales = { esim_cents: 0, esim_count: 0, plus_cents: 0, plus_count: 0, total_cents: 0 };

export const RECORDS: Records = {
  orders: [ESIM_ORDER],
  transactions: [
    {
      id: 1,
      type: 'top_up',
      description: 'Bakiye yükleme',
      direction: 'in',
      amount: 500,
      amount_cents: 50000,
      balance_after: 500,
      balance_after_cents: 50000,
      reference: 'BK7Q2M',
      created_at: '2026-11-19T08:00:00.000Z',
    },
    {
      id: 2,
      type: 'purchase',
      description: 'Satın alma',
      direction: 'out',
      amount: -4.5,
      amount_cents: -450,
      balance_after: 495.5,
      balance_after_cents: 49550,
      reference: null,
      created_at: '2026-11-20T09:00:05.000Z',
    },
  ],
  deposits: [],
  'price-list': [
    {
      id: 'pkg-tr',
      code: 'TR-1GB-7D',
      name: 'Türkiye 1 GB',
      type: 'local',
      duration: 7,
      data: '1 GB',
      countries: ['TR'],
      price: 4.5,
      retail_price: 5,
      dealer_price: 4.5,
      price_source: 'dealer',
    },
  ],
  'physical-sim-packages': [PLUS_PACKAGE],
  'physical-sim-orders': [PHYSICAL_ORDER],
  'physical-sim-cards': [],
  'physical-sim-returns': [],
  'admin/deposits': [PENDING_DEPOSIT],
  'admin/messages': [NEW_MESSAGE],
  'admin/physical-sim-orders': [PHYSICAL_ORDER],
  'admin/physical-sim-returns': [],
  'sales-manager/dealers': [
    {
      id: SESSIONS.dealer.user.id,
      full_name: 'Deniz Bayi',
      email: 'dealer@esim.test',
      company_name: 'Deniz Telekom Ltd. Şti.',
      phone: null,
      status: 'active',
      sales_manager_id: SESSIONS.salesManager.user.id,
    },
  ],
};

export const READS: Record<string, unknown> = {
  'public/shop': { brand: DEMO_BRAND, seller: sellerView(DEMO_SELLER) },
  'admin/shop/identity': {
    brand_name: DEMO_BRAND.name,
    logo_url: null,
    primary_color: DEMO_BRAND.primary_color,
    secondary_color: DEMO_BRAND.secondary_color,
    support_email: DEMO_SELLER.email,
    support_phone: DEMO_SELLER.phone,
    legal_name: DEMO_SELLER.name,
    address: DEMO_SELLER.address,
    tax_office: DEMO_SELLER.taxOffice,
    tax_number: DEMO_SELLER.taxNumber,
    mersis: DEMO_SELLER.mersis,
    legal_entity_complete: true,
    updated_by: null,
    updated_at: null,
  },
  'admin/invoices/settings': { vat_esim: 20, vat_top_up: 20, vat_physical_sim: 20, updated_by: null, updated_at: null },
  'user/balance/bank-transfer': {
    bank: {
      account_holder: 'Yelkovan Demo Teknoloji A.Ş.',
      bank_name: 'Demo Bank A.Ş.',
      iban: 'TR00 0000 0000 0000 0000 0000 00',
    },
    max: 100000,
    max_cents: 10000000,
  },
  'admin/balance/settings': BALANCE_SETTINGS,
  'admin/physical-sim/settings': {
    return_window_days: 15,
    auto_approve_unactivated_returns: false,
    updated_by: null,
    updated_at: null,
  },
  'user/balance': {
    balance: 495.5,
    balance_cents: 49550,
    available: 395.5,
    available_cents: 39550,
    held_cents: 10000,
    credit_available_cents: 0,
    currency: 'EUR',
  },
  'user/dashboard': {
    balance: 495.5,
    balance_cents: 49550,
    available: 395.5,
    available_cents: 39550,
    held_cents: 10000,
    credit_available_cents: 0,
    currency: 'EUR',
    spent_this_month: 4.5,
    spent_this_month_cents: 450,
    orders: {
      esim: { total: 1, completed: 1, failed: 0 },
      physical_sim: { total: 1, placed: 1, approved: 0, rejected: 0 },
    },
    recent_transactions: [],
  },
  // 30 days to 2026-11-23: 150 purchases on the 20th (more than one page of transactions), one on the 22nd.
  'user/balance/spend': {
    start_date: '2026-10-25',
    end_date: '2026-11-23',
    total: 454.5,
    total_cents: 45450,
    count: 151,
    by_day: Array.from({ length: 30 }, (_, i) => {
      const date = new Date(Date.UTC(2026, 9, 25 + i)).toISOString().slice(0, 10);
      const [total_cents, count] = date === '2026-11-20' ? [45000, 150] : date === '2026-11-22' ? [450, 1] : [0, 0];
      return { date, total: total_cents / 100, total_cents, count };
    }),
  },
  'sales-manager/balance': {
    balance: 0,
    cash_held: 120,
    cash_held_cents: 12000,
    collected_today_cents: 0,
    collected_this_month_cents: 12000,
    outstanding: 380,
    outstanding_cents: 38000,
    dealer_count: 1,
    dealers: [
      {
        dealer_id: SESSIONS.dealer.user.id,
        name: 'Deniz Telekom Ltd. Şti.',
        owed: 380,
        owed_cents: 38000,
        credit_limit_cents: 50000,
      },
    ],
  },
  'admin/sales': {
    today: { esim_cents: 1650, esim_count: 2, plus_cents: 2000, plus_count: 1, total_cents: 3650 },
    this_month: { esim_cents: 120000, esim_count: 90, plus_cents: 40000, plus_count: 20, total_cents: 160000 },
    start_date: '2026-10-25',
    end_date: '2026-11-23',
    by_day: Array.from({ length: 30 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 9, 25 + i)).toISOString().slice(0, 10),
      ...zeroSales,
    })),
  },
  'admin/esim/pool/stock': [
    {
      package_code: 'TR-1GB-7D',
      package_name_tr: 'Türkiye 1 GB',
      package_name_en: 'Türkiye 1 GB',
      operators: ['Demo'],
      available: 3,
      assigned: 40,
      threshold: 10,
      low: true,
    },
    {
      package_code: 'US-5GB-30D',
      package_name_tr: 'ABD 5 GB',
      package_name_en: 'USA 5 GB',
      operators: ['Demo'],
      available: 200,
      assigned: 10,
      threshold: 10,
      low: false,
    },
  ],
  'admin/dealers/balances': [
    {
      dealer_id: SESSIONS.dealer.user.id,
      balance: 100,
      balance_cents: 10000,
      available_cents: 10000,
      held_cents: 0,
      owed: 380,
      owed_cents: 38000,
      credit_limit: 500,
      credit_limit_cents: 50000,
      credit_available_cents: 12000,
    },
    {
      dealer_id: 'dealer-2',
      balance: 0,
      balance_cents: 0,
      available_cents: 0,
      held_cents: 0,
      owed: 0,
      owed_cents: 0,
      credit_limit: 0,
      credit_limit_cents: 0,
      credit_available_cents: 0,
    },
  ],
  'admin/sales-managers/balances': [
    {
      sales_manager_id: SESSIONS.salesManager.user.id,
      balance: 0,
      cash_held: 120,
      cash_held_cents: 12000,
      collected_today_cents: 0,
      collected_this_month_cents: 12000,
      outstanding_cents: 38000,
      outstanding: 380,
      dealer_count: 1,
    },
  ],
  // No wholesale supplier configured: the pool sells alone.
  'admin/esim/suppliers': [],
  me: { id: SESSIONS.dealer.user.id, email: 'dealer@esim.test', full_name: 'Deniz Bayi', user_type: 2, phone: null },
};

export interface Call {
  method: string;
  resource: string;
  params?: unknown;
}

/** A data provider over the fixtures; `calls` lists every call made. Overrides replace single methods. */
/** A dealer's month as GET …/statements/:month answers it: a load, purchases and a collection. */
export const STATEMENT = {
  dealer_id: '00000000-0000-4000-8000-000000000003',
  dealer_name: 'Demo Bayi Ltd.',
  month: '2026-11',
  period_start: '2026-10-31T21:00:00.000Z',
  period_end: '2026-11-30T21:00:00.000Z',
  opening_balance_cents: 100_00,
  closing_balance_cents: 210_00,
  totals: { purchases_esim: -40_00, purchases_plus: -100_00, loads: 200_00, collections: 50_00, refunds: 0, other: 0 },
  credit_drawn_cents: 0,
  balance_cents: 360_00,
  credit_used_cents: 150_00,
  credit_limit_cents: 1000_00,
  lines: [],
};

export function fakeDataProvider(
  overrides: Partial<BackOfficeDataProvider> = {},
): BackOfficeDataProvider & { calls: Call[] } {
  const calls: Call[] = [];
  const rows = (resource: string) => RECORDS[resource] ?? [];
  const provider: BackOfficeDataProvider & { calls: Call[] } = {
    calls,
    getList: async (resource, params) => {
      calls.push({ method: 'getList', resource, params });
      const data = rows(resource);
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      return { data: data.slice((page - 1) * perPage, page * perPage) as any, total: data.length };
    },
    getOne: async (resource, params) => {
      calls.push({ method: 'getOne', resource, params });
      const record = rows(resource).find((r) => String(r.id) === String(params.id));
      if (!record) throw new Error('ra.notification.item_doesnt_exist');
      return { data: record as any };
    },
    getMany: async (resource, params) => {
      calls.push({ method: 'getMany', resource, params });
      return { data: rows(resource).filter((r) => params.ids.map(String).includes(String(r.id))) as any };
    },
    getManyReference: async (resource, params) => {
      calls.push({ method: 'getManyReference', resource, params });
      return { data: rows(resource) as any, total: rows(resource).length };
    },
    create: async (resource, params) => {
      calls.push({ method: 'create', resource, params });
      return { data: { id: 'new', ...params.data } as any };
    },
    update: async (resource, params) => {
      calls.push({ method: 'update', resource, params });
      return { data: { id: params.id, ...params.data } as any };
    },
    updateMany: async (resource, params) => {
      calls.push({ method: 'updateMany', resource, params });
      return { data: params.ids };
    },
    delete: async (resource, params) => {
      calls.push({ method: 'delete', resource, params });
      return { data: params.previousData as any };
    },
    deleteMany: async (resource, params) => {
      calls.push({ method: 'deleteMany', resource, params });
      return { data: params.ids };
    },
    read: async (path) => {
      calls.push({ method: 'read', resource: path });
      if (path in READS) return READS[path] as any;
      if (/^sales-manager\/dealers\/[^/]+\/packages$/.test(path)) return [] as any;
      if (path === 'sales-manager/collection-report')
        return {
          start_date: '2026-11-01',
          end_date: '2026-11-23',
          total: 0,
          total_cents: 0,
          count: 0,
          by_dealer: [],
          by_day: [],
          collections: [],
        } as any;
      if (/^user\/esim\/[^/]+\/usage$/.test(path)) return { esim: ESIM_ORDER.esims[0], records: [] } as any;
      // A dealer's statement of any month (own, its sales manager's view, the admin's).
      const statementMonth = /^(?:user|(?:admin|sales-manager)\/dealers\/[^/]+)\/statements\/(\d{4}-\d{2})$/.exec(
        path,
      )?.[1];
      if (statementMonth) return { ...STATEMENT, month: statementMonth } as any;
      if (/^user\/esim\/[^/]+\/refund$/.test(path)) return REFUND_PREVIEW as any;
      // A dealer's API keys (its own, or the admin's view on the dealer's page): none yet.
      if (/^(?:user|admin\/dealers\/[^/]+)\/api-keys$/.test(path)) return [] as any;
      // A dealer's webhooks (its own, or the admin's view on the dealer's page): none yet.
      if (/^(?:user|admin\/dealers\/[^/]+)\/webhooks$/.test(path)) return [] as any;
      throw new Error(`fake data provider: no answer for ${path}`);
    },
    blobUrl: async (path) => {
      calls.push({ method: 'blobUrl', resource: path });
      return 'data:image/png;base64,iVBORw0KGgo=';
    },
    send: async (method, path, body) => {
      calls.push({ method: `send:${method}`, resource: path, params: body });
      return { data: {} as any, message: '' };
    },
    ...overrides,
  };
  return provider;
}
