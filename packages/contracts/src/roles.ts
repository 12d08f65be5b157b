/**
 * Roles and the permission table (docs/product.md, Permissions).
 * One pure function serves the gateway, every service and both UIs.
 */
export const ROLES = ['admin', 'sales-manager', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** user_type on the wire: 1 retail, 2 corporate / dealer, 3 admin, 4 sales manager. */
export const USER_TYPE = { retail: 1, dealer: 2, admin: 3, salesManager: 4 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];
export const USER_TYPES: readonly UserType[] = [1, 2, 3, 4];

/** Role from the role list if present, else from user_type (3 admin, 4 sales-manager, 1 or 2 user). */
export function roleOf(user: { role?: readonly string[] | null; user_type: number }): Role {
  const listed = user.role?.find((name): name is Role => (ROLES as readonly string[]).includes(name));
  if (listed) return listed;
  if (user.user_type === USER_TYPE.admin) return 'admin';
  if (user.user_type === USER_TYPE.salesManager) return 'sales-manager';
  return 'user';
}

export type Action = 'list' | 'read' | 'create' | 'update' | 'delete' | 'approve' | 'export';
export const ACTIONS: readonly Action[] = ['list', 'read', 'create', 'update', 'delete', 'approve', 'export'];

/** Who may do what, per resource. `*` covers every action not listed separately. */
type Rule = Partial<Record<Action | '*', readonly Role[]>>;

const ADMIN = ['admin'] as const;
const USER = ['user'] as const;
const SALES = ['sales-manager'] as const;
const CUSTOMER = ['admin', 'user'] as const;
const SIGNED_IN = ['admin', 'sales-manager', 'user'] as const;

export const PERMISSIONS = {
  // Any signed-in account: its own profile and session.
  profile: { '*': SIGNED_IN },
  // Customer menu: dashboard, orders, balance, transactions, price-list, settings (admin, user).
  dashboard: { '*': CUSTOMER },
  'esim-orders': { '*': CUSTOMER },
  balance: { '*': CUSTOMER },
  transactions: { '*': CUSTOMER },
  'price-list': { '*': CUSTOMER },
  settings: { '*': CUSTOMER },
  // Physical SIM purchase, stock, return (user only).
  'physical-sim-purchase': { '*': USER },
  'physical-sim-stock': { '*': USER },
  'physical-sim-return': { '*': USER },
  // A dealer's API keys for the partner API (the handler refuses anyone but a dealer, with a clear message).
  'api-keys': { '*': SIGNED_IN },
  // A dealer's webhook endpoints and their delivery log (the handler refuses anyone but a dealer, like API keys).
  webhooks: { '*': SIGNED_IN },
  // A dealer's monthly statement (the handler refuses retail customers).
  statements: { '*': USER },
  // Admin menu.
  'admin/dealers': { '*': ADMIN },
  'admin/dealer-pricing': { '*': ADMIN },
  'admin/dealer-balance': { '*': ADMIN },
  'admin/sales-managers': { '*': ADMIN },
  // Retail customers: who they are, and their orders, payments and refunds.
  'admin/customers': { '*': ADMIN },
  'admin/collection-logs': { '*': ADMIN },
  'admin/deposits': { '*': ADMIN },
  'admin/catalog': { '*': ADMIN },
  'admin/physical-sim-import': { '*': ADMIN },
  'admin/physical-sim-orders': { '*': ADMIN },
  'admin/physical-sim-returns': { '*': ADMIN },
  'admin/physical-sim-stock': { '*': ADMIN },
  'admin/esim-pool': { '*': ADMIN },
  'admin/audit-log': { '*': ADMIN },
  // The shop's settings page: the bank account, deposit limits (each service owns its own settings).
  'admin/shop-settings': { '*': ADMIN },
  // The admin home's figures (sales of the day and month).
  'admin/dashboard': { '*': ADMIN },
  // Partnership and contact messages of the public site.
  'admin/messages': { '*': ADMIN },
  // The e-Arşiv invoices and return documents of every sale (auth issues them).
  'admin/invoices': { '*': ADMIN },
  // Sales-manager menu.
  'sales-manager/dealers': { '*': SALES },
  'sales-manager/dealer-pricing': { '*': SALES },
  'sales-manager/collection': { '*': SALES },
  'sales-manager/balance': { '*': SALES },
} as const satisfies Record<string, Rule>;

export type Resource = keyof typeof PERMISSIONS;
export const RESOURCES = Object.keys(PERMISSIONS) as Resource[];

/** Pure permission check: may `role` do `action` on `resource`? Unknown resources are denied. */
export function canAccess(role: Role | null | undefined, resource: string, action: Action = 'read'): boolean {
  if (!role) return false;
  const rule: Rule | undefined = (PERMISSIONS as Record<string, Rule>)[resource];
  if (!rule) return false;
  const allowed = rule[action] ?? rule['*'];
  return allowed?.includes(role) ?? false;
}
