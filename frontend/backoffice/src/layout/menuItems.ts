import type { Resource } from '@esim/contracts';

/** Every entry of the side menu, in order: the path under /dashboard, its label key and the permission that shows it. */
export interface MenuEntry {
  to: string;
  label: string;
  permission: Resource;
  icon: string;
}

export const MENU: readonly MenuEntry[] = [
  { to: '/', label: 'app.menu.dashboard', permission: 'dashboard', icon: 'dashboard' },
  { to: '/orders', label: 'app.menu.orders', permission: 'esim-orders', icon: 'orders' },
  { to: '/balance', label: 'app.menu.balance', permission: 'balance', icon: 'balance' },
  { to: '/transactions', label: 'app.menu.transactions', permission: 'transactions', icon: 'transactions' },
  { to: '/price-list', label: 'app.menu.price_list', permission: 'price-list', icon: 'priceList' },
  { to: '/physical-sim-purchase', label: 'app.menu.physical_sim_purchase', permission: 'physical-sim-purchase', icon: 'simPurchase' },
  { to: '/physical-sim-stock', label: 'app.menu.physical_sim_stock', permission: 'physical-sim-stock', icon: 'simStock' },
  { to: '/physical-sim-return', label: 'app.menu.physical_sim_return', permission: 'physical-sim-return', icon: 'simReturn' },
  { to: '/sales-manager/dealers', label: 'app.menu.sm_dealers', permission: 'sales-manager/dealers', icon: 'dealers' },
  { to: '/sales-manager/collection', label: 'app.menu.sm_collection', permission: 'sales-manager/collection', icon: 'collection' },
  { to: '/settings', label: 'app.menu.settings', permission: 'settings', icon: 'settings' },
];
