import type { Resource, Role } from '@esim/contracts';

/** Every entry of the side menu, in order: the path under /dashboard, its label key and the permission that shows it. */
export interface MenuEntry {
  to: string;
  label: string;
  permission: Resource;
  icon: string;
  /** The resource (providers/resources.ts) whose list total is shown as a pending-count badge, polled with the figures. */
  badge?: { resource: string; filter?: Record<string, unknown> };
  /**
   * Whose menu lists it, where that is narrower than who may open it: the admin may open the
   * customer pages but works from its own entries, so its menu leaves the customer's out.
   */
  menuOf?: readonly Role[];
  /** Only a dealer's menu lists it (Plus cards are sold to dealers only); a retail customer has the same role but not these pages. */
  dealersOnly?: boolean;
}

const CUSTOMER_ONLY: readonly Role[] = ['user'];

export const MENU: readonly MenuEntry[] = [
  { to: '/', label: 'app.menu.dashboard', permission: 'dashboard', icon: 'dashboard' },
  { to: '/admin/dealers', label: 'app.menu.admin_dealers', permission: 'admin/dealers', icon: 'dealers' },
  {
    to: '/admin/sales-managers',
    label: 'app.menu.admin_sales_managers',
    permission: 'admin/sales-managers',
    icon: 'salesManagers',
  },
  { to: '/admin/customers', label: 'app.menu.admin_customers', permission: 'admin/customers', icon: 'customers' },
  {
    to: '/admin/collection-logs',
    label: 'app.menu.admin_collection_logs',
    permission: 'admin/collection-logs',
    icon: 'collection',
  },
  {
    to: '/admin/deposits',
    label: 'app.menu.admin_deposits',
    permission: 'admin/deposits',
    icon: 'deposits',
    badge: { resource: 'admin/deposits', filter: { status: 'pending' } },
  },
  { to: '/admin/payments', label: 'app.menu.admin_payments', permission: 'admin/deposits', icon: 'cardPayments' },
  {
    to: '/admin/physical-sim-orders',
    label: 'app.menu.admin_physical_sim_orders',
    permission: 'admin/physical-sim-orders',
    icon: 'simPurchase',
    badge: { resource: 'admin/physical-sim-orders' },
  },
  {
    to: '/admin/physical-sim-returns',
    label: 'app.menu.admin_physical_sim_returns',
    permission: 'admin/physical-sim-returns',
    icon: 'simReturn',
    badge: { resource: 'admin/physical-sim-returns' },
  },
  {
    to: '/admin/physical-sim-stock',
    label: 'app.menu.admin_physical_sim_stock',
    permission: 'admin/physical-sim-stock',
    icon: 'simStock',
  },
  {
    to: '/admin/physical-sim-dashboard',
    label: 'app.menu.admin_physical_sim_dashboard',
    permission: 'admin/physical-sim-stock',
    icon: 'stockChart',
  },
  {
    to: '/admin/physical-sim-import',
    label: 'app.menu.admin_physical_sim_import',
    permission: 'admin/physical-sim-import',
    icon: 'simImport',
  },
  {
    to: '/admin/messages',
    label: 'app.menu.admin_messages',
    permission: 'admin/messages',
    icon: 'messages',
    badge: { resource: 'admin/messages', filter: { status: 'new' } },
  },
  {
    to: '/admin/invoices',
    label: 'app.menu.admin_invoices',
    permission: 'admin/invoices',
    icon: 'invoices',
    badge: { resource: 'admin/invoices', filter: { status: 'failed' } },
  },
  { to: '/admin/audit-log', label: 'app.menu.admin_audit_log', permission: 'admin/audit-log', icon: 'auditLog' },
  { to: '/admin/esim-pool', label: 'app.menu.admin_esim_pool', permission: 'admin/esim-pool', icon: 'esimPool' },
  { to: '/admin/esim-orders', label: 'app.menu.admin_esim_orders', permission: 'admin/esim-pool', icon: 'esimOrders' },
  { to: '/admin/packages', label: 'app.menu.admin_packages', permission: 'admin/catalog', icon: 'packages' },
  { to: '/admin/countries', label: 'app.menu.admin_countries', permission: 'admin/catalog', icon: 'countries' },
  {
    to: '/admin/supplier-offers',
    label: 'app.menu.admin_supplier_offers',
    permission: 'admin/catalog',
    icon: 'supplierOffers',
  },
  {
    to: '/admin/catalog-settings',
    label: 'app.menu.admin_catalog_settings',
    permission: 'admin/catalog',
    icon: 'catalogSettings',
  },
  {
    to: '/admin/shop-settings',
    label: 'app.menu.admin_shop_settings',
    permission: 'admin/shop-settings',
    icon: 'shopSettings',
  },
  { to: '/orders', label: 'app.menu.orders', permission: 'esim-orders', icon: 'orders', menuOf: CUSTOMER_ONLY },
  { to: '/balance', label: 'app.menu.balance', permission: 'balance', icon: 'balance', menuOf: CUSTOMER_ONLY },
  {
    to: '/transactions',
    label: 'app.menu.transactions',
    permission: 'transactions',
    icon: 'transactions',
    menuOf: CUSTOMER_ONLY,
  },
  {
    to: '/price-list',
    label: 'app.menu.price_list',
    permission: 'price-list',
    icon: 'priceList',
    menuOf: CUSTOMER_ONLY,
  },
  {
    to: '/physical-sim-purchase',
    label: 'app.menu.physical_sim_purchase',
    permission: 'physical-sim-purchase',
    icon: 'simPurchase',
    dealersOnly: true,
  },
  {
    to: '/physical-sim-stock',
    label: 'app.menu.physical_sim_stock',
    permission: 'physical-sim-stock',
    icon: 'simStock',
    dealersOnly: true,
  },
  {
    to: '/physical-sim-return',
    label: 'app.menu.physical_sim_return',
    permission: 'physical-sim-return',
    icon: 'simReturn',
    dealersOnly: true,
  },
  { to: '/statements', label: 'app.menu.statements', permission: 'statements', icon: 'statements', dealersOnly: true },
  { to: '/api-keys', label: 'app.menu.api_keys', permission: 'api-keys', icon: 'apiKeys', dealersOnly: true },
  { to: '/webhooks', label: 'app.menu.webhooks', permission: 'webhooks', icon: 'webhooks', dealersOnly: true },
  { to: '/sales-manager/dealers', label: 'app.menu.sm_dealers', permission: 'sales-manager/dealers', icon: 'dealers' },
  {
    to: '/sales-manager/collection',
    label: 'app.menu.sm_collection',
    permission: 'sales-manager/collection',
    icon: 'collection',
  },
  { to: '/settings', label: 'app.menu.settings', permission: 'settings', icon: 'settings' },
];
