import type { Action, Resource } from '@esim/contracts';

/**
 * The back office's react-admin resources: the API path each one reads (under /api) and the
 * permission (contracts' PERMISSIONS) that guards its menu entry and routes. The URL a user sees is the
 * resource name (/dashboard/esim-orders, /dashboard/sales-manager/dealers), the path the API's.
 */
export interface ResourceDef {
  path: string;
  permission: Resource;
  /** No GET /:id: one record is read through the list's `filter={"id":[...]}`. */
  oneThroughList?: boolean;
  /** GET /:id lives under another path than the list (the approval lists list pending ones, one is read by id under the plain path). */
  onePath?: string;
  /** List filters the route declares; any other key is dropped before the call (the services refuse unknown ones). */
  filters: readonly string[];
}

export const RESOURCES = {
  orders: {
    path: 'user/esim/orders',
    permission: 'esim-orders',
    filters: ['q', 'status', 'start_date', 'end_date', 'id'],
  },
  // The caller's own eSIMs (the home's card of those ready to install and in use).
  esims: { path: 'user/esims', permission: 'esim-orders', oneThroughList: true, filters: ['state'] },
  transactions: {
    path: 'user/transactions',
    permission: 'transactions',
    filters: ['type', 'start_date', 'end_date', 'id'],
  },
  deposits: { path: 'user/balance/deposits', permission: 'balance', filters: ['status', 'id'] },
  // The caller's own card payments (deposits and checkout payments) with their refunds to the card.
  payments: { path: 'user/payments', permission: 'balance', oneThroughList: true, filters: ['status', 'id'] },
  'price-list': {
    path: 'user/packages',
    permission: 'price-list',
    oneThroughList: true,
    filters: ['q', 'type', 'country', 'id'],
  },
  'physical-sim-packages': {
    path: 'user/physical-sim/packages',
    permission: 'physical-sim-purchase',
    oneThroughList: true,
    filters: ['q', 'id'],
  },
  'physical-sim-orders': {
    path: 'user/physical-sim/orders',
    permission: 'physical-sim-purchase',
    filters: ['status', 'id'],
  },
  'physical-sim-cards': {
    path: 'user/physical-sim/my-cards',
    permission: 'physical-sim-stock',
    filters: ['q', 'status', 'id'],
  },
  'physical-sim-returns': {
    path: 'user/physical-sim/returns',
    permission: 'physical-sim-return',
    filters: ['status', 'id'],
  },
  'sales-manager/dealers': {
    path: 'sales-manager/dealers',
    permission: 'sales-manager/dealers',
    oneThroughList: true,
    filters: ['q', 'status', 'id'],
  },
  'admin/dealers': {
    path: 'admin/dealers',
    permission: 'admin/dealers',
    filters: ['q', 'status', 'sales_manager_id', 'id'],
  },
  'admin/sales-managers': {
    path: 'admin/sales-managers',
    permission: 'admin/sales-managers',
    filters: ['q', 'status', 'id'],
  },
  'admin/customers': {
    path: 'admin/customers',
    permission: 'admin/customers',
    filters: ['q', 'status', 'id'],
  },
  'admin/collection-logs': {
    path: 'admin/collection-logs',
    permission: 'admin/collection-logs',
    filters: ['start_date', 'end_date', 'kind', 'sales_manager_id', 'dealer_id'],
  },
  'admin/deposits': {
    path: 'admin/deposits',
    permission: 'admin/deposits',
    oneThroughList: true,
    filters: ['q', 'customer', 'status', 'id'],
  },
  'admin/payments': {
    path: 'admin/payments',
    permission: 'admin/deposits',
    oneThroughList: true,
    filters: ['q', 'status', 'start_date', 'end_date', 'user_id', 'id'],
  },
  'admin/invoices': {
    path: 'admin/invoices',
    permission: 'admin/invoices',
    filters: ['q', 'status', 'sale_type', 'kind', 'start_date', 'end_date', 'id'],
  },
  'admin/messages': {
    path: 'admin/messages',
    permission: 'admin/messages',
    oneThroughList: true,
    filters: ['q', 'kind', 'status', 'start_date', 'end_date', 'id'],
  },
  'admin/physical-sim-orders': {
    path: 'admin/physical-sim/orders/pending',
    onePath: 'admin/physical-sim/orders',
    permission: 'admin/physical-sim-orders',
    filters: ['status', 'id'],
  },
  'admin/physical-sim-returns': {
    path: 'admin/physical-sim/returns/pending',
    onePath: 'admin/physical-sim/returns',
    permission: 'admin/physical-sim-returns',
    filters: ['status', 'id'],
  },
  'admin/physical-sim-import': {
    path: 'admin/physical-sim/imports',
    permission: 'admin/physical-sim-import',
    filters: ['q', 'status'],
  },
  'admin/physical-sim-stock': {
    path: 'admin/physical-sim/stock',
    permission: 'admin/physical-sim-stock',
    filters: ['q', 'status', 'package_id', 'owner_user_id', 'import_id', 'id'],
  },
  'admin/esim-pool': { path: 'admin/esim/pool/stock', permission: 'admin/esim-pool', filters: [] },
  'admin/esim-profiles': {
    path: 'admin/esim/pool/profiles',
    permission: 'admin/esim-pool',
    oneThroughList: true,
    filters: ['q', 'package_code', 'pool_status', 'id'],
  },
  // The customers' own orders route: it answers an admin every buyer's orders (and takes user_id); the menu entry is the admin's eSIM side.
  'admin/esim-orders': {
    path: 'user/esim/orders',
    permission: 'admin/esim-pool',
    filters: ['q', 'status', 'start_date', 'end_date', 'user_id', 'buyer', 'id'],
  },
  'admin/packages': {
    path: 'admin/packages',
    permission: 'admin/catalog',
    filters: ['q', 'kind', 'type', 'active', 'country', 'supplier', 'paused', 'id'],
  },
  // The suppliers' packages the esim service syncs in, each with the package it is bought as.
  'admin/supplier-offers': {
    path: 'admin/supplier-offers',
    permission: 'admin/catalog',
    filters: ['q', 'supplier', 'mapped', 'gone', 'top_up', 'country', 'id'],
  },
  'admin/countries': {
    path: 'admin/countries',
    permission: 'admin/catalog',
    filters: ['q', 'region', 'coverage_status', 'featured', 'id'],
  },
  'admin/audit-log': {
    path: 'admin/audit-log',
    permission: 'admin/audit-log',
    oneThroughList: true,
    filters: ['actor_id', 'target_id', 'method', 'route', 'service', 'start_date', 'end_date'],
  },
} as const satisfies Record<string, ResourceDef>;

export type ResourceName = keyof typeof RESOURCES;

export function resourceDef(name: string): ResourceDef {
  const def = (RESOURCES as Record<string, ResourceDef>)[name];
  if (!def) throw new Error(`Unknown back-office resource "${name}"`);
  return def;
}

/** react-admin's actions in the permission table's words. */
export function actionOf(raAction: string): Action {
  switch (raAction) {
    case 'show':
      return 'read';
    case 'edit':
      return 'update';
    case 'list':
    case 'create':
    case 'delete':
    case 'export':
      return raAction;
    default:
      return 'read';
  }
}
