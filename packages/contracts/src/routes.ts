import type { Action, Resource } from './roles';

/**
 * The public API's route table: every route the gateway forwards, the service that owns it,
 * and who may call it. The gateway routes and checks roles from it; each service checks the
 * same rule again (`routeRule`); the role-matrix test is generated from it. A route that is not
 * here is not reachable from outside. Paths are relative to `/api`, in fastify's `:param` syntax.
 */
export type ServiceName = 'auth' | 'catalog' | 'balance' | 'esim' | 'physical-sim';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Named rate-limit buckets for public routes (limits live in the gateway's config). */
export type RateLimitGroup = 'login' | 'register' | 'password-reset' | 'public-lookup' | 'public-read';

export type RouteAccess =
  /** Anyone, no token. */
  | 'public'
  /** `canAccess(role, resource, action)` must allow the caller. */
  | { resource: Resource; action: Action };

export interface RouteRule {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  access: RouteAccess;
  rateLimit?: RateLimitGroup;
  /** Largest request body in bytes, where a route takes more (or much less) than the default. */
  bodyLimit?: number;
}

const r = (
  method: HttpMethod,
  path: string,
  service: ServiceName,
  access: RouteAccess,
  extra: Partial<RouteRule> = {},
): RouteRule => ({
  method,
  path,
  service,
  access,
  ...extra,
});
const can = (resource: Resource, action: Action): RouteAccess => ({ resource, action });

export const ROUTES: readonly RouteRule[] = [
  // ── auth: session and account ──
  r('POST', '/register', 'auth', 'public', { rateLimit: 'register' }),
  r('POST', '/login', 'auth', 'public', { rateLimit: 'login' }),
  r('POST', '/logout', 'auth', 'public'),
  r('POST', '/refresh', 'auth', 'public', { rateLimit: 'login' }),
  r('POST', '/forgot-password', 'auth', 'public', { rateLimit: 'password-reset' }),
  r('POST', '/reset-password', 'auth', 'public', { rateLimit: 'password-reset' }),
  r('GET', '/me', 'auth', can('profile', 'read')),
  r('PUT', '/me', 'auth', can('profile', 'update')),
  r('PUT', '/me/password', 'auth', can('profile', 'update')),
  r('GET', '/.well-known/jwks.json', 'auth', 'public'),
  // ── auth: partnership and contact messages of the public site (auth owns people and companies) ──
  r('POST', '/messages/partnership', 'auth', 'public', { rateLimit: 'public-lookup', bodyLimit: 16 * 1024 }),
  r('POST', '/messages/contact', 'auth', 'public', { rateLimit: 'public-lookup', bodyLimit: 16 * 1024 }),
  // ── auth: the shop's identity (brand and legal entity; docs/decisions/0020), read by everyone ──
  r('GET', '/public/shop', 'auth', 'public', { rateLimit: 'public-read' }),
  r('GET', '/public/seller', 'auth', 'public', { rateLimit: 'public-read' }),
  r('GET', '/admin/shop/identity', 'auth', can('admin/shop-settings', 'read')),
  r('PUT', '/admin/shop/identity', 'auth', can('admin/shop-settings', 'update'), { bodyLimit: 128 * 1024 }),
  r('GET', '/admin/messages', 'auth', can('admin/messages', 'list')),
  r('PUT', '/admin/messages/:id', 'auth', can('admin/messages', 'update')),
  // ── auth: dealers and sales managers ──
  r('GET', '/admin/dealers', 'auth', can('admin/dealers', 'list')),
  r('POST', '/admin/dealers', 'auth', can('admin/dealers', 'create')),
  r('GET', '/admin/dealers/:id', 'auth', can('admin/dealers', 'read')),
  r('PUT', '/admin/dealers/:id', 'auth', can('admin/dealers', 'update')),
  r('DELETE', '/admin/dealers/:id', 'auth', can('admin/dealers', 'delete')),
  r('PUT', '/admin/dealers/:id/status', 'auth', can('admin/dealers', 'update')),
  r('GET', '/admin/sales-managers', 'auth', can('admin/sales-managers', 'list')),
  r('POST', '/admin/sales-managers', 'auth', can('admin/sales-managers', 'create')),
  r('GET', '/admin/sales-managers/:id', 'auth', can('admin/sales-managers', 'read')),
  r('PUT', '/admin/sales-managers/:id', 'auth', can('admin/sales-managers', 'update')),
  r('PUT', '/admin/sales-managers/:id/status', 'auth', can('admin/sales-managers', 'update')),
  r('GET', '/admin/customers', 'auth', can('admin/customers', 'list')),
  r('GET', '/admin/customers/:id', 'auth', can('admin/customers', 'read')),
  // Every service's audit log of admin and sales-manager writes, merged by auth (it names the people).
  r('GET', '/admin/audit-log', 'auth', can('admin/audit-log', 'list')),
  // e-Arşiv invoices of every sale and return documents of refunds (auth issues them through the invoicing port).
  r('GET', '/admin/invoices', 'auth', can('admin/invoices', 'list')),
  r('GET', '/admin/invoices/settings', 'auth', can('admin/shop-settings', 'read')),
  r('PUT', '/admin/invoices/settings', 'auth', can('admin/shop-settings', 'update')),
  r('GET', '/admin/invoices/:id', 'auth', can('admin/invoices', 'read')),
  r('POST', '/admin/invoices/:id/retry', 'auth', can('admin/invoices', 'update')),
  r('GET', '/admin/invoices/:id/pdf', 'auth', can('admin/invoices', 'read')),
  r('GET', '/user/orders/:orderId/invoice', 'auth', can('esim-orders', 'read')),
  r('GET', '/user/invoices/:id/pdf', 'auth', can('esim-orders', 'read')),
  // A dealer's API keys for the partner API (docs/partner-api.md): its own, or an admin's for it.
  r('GET', '/user/api-keys', 'auth', can('api-keys', 'list')),
  r('POST', '/user/api-keys', 'auth', can('api-keys', 'create')),
  r('DELETE', '/user/api-keys/:id', 'auth', can('api-keys', 'delete')),
  r('GET', '/admin/dealers/:id/api-keys', 'auth', can('admin/dealers', 'read')),
  r('POST', '/admin/dealers/:id/api-keys', 'auth', can('admin/dealers', 'update')),
  r('DELETE', '/admin/dealers/:id/api-keys/:keyId', 'auth', can('admin/dealers', 'update')),
  // A dealer's webhooks (docs/partner-api.md, Webhooks): its own, or an admin's for it.
  r('GET', '/user/webhooks', 'auth', can('webhooks', 'list')),
  r('POST', '/user/webhooks', 'auth', can('webhooks', 'create')),
  r('PATCH', '/user/webhooks/:id', 'auth', can('webhooks', 'update')),
  r('DELETE', '/user/webhooks/:id', 'auth', can('webhooks', 'delete')),
  r('POST', '/user/webhooks/:id/rotate-secret', 'auth', can('webhooks', 'update')),
  r('POST', '/user/webhooks/:id/test', 'auth', can('webhooks', 'update')),
  r('GET', '/user/webhooks/:id/deliveries', 'auth', can('webhooks', 'read')),
  r('POST', '/user/webhook-deliveries/:id/resend', 'auth', can('webhooks', 'update')),
  r('GET', '/admin/dealers/:id/webhooks', 'auth', can('admin/dealers', 'read')),
  r('POST', '/admin/dealers/:id/webhooks', 'auth', can('admin/dealers', 'update')),
  r('PATCH', '/admin/dealers/:id/webhooks/:webhookId', 'auth', can('admin/dealers', 'update')),
  r('DELETE', '/admin/dealers/:id/webhooks/:webhookId', 'auth', can('admin/dealers', 'update')),
  r('POST', '/admin/dealers/:id/webhooks/:webhookId/rotate-secret', 'auth', can('admin/dealers', 'update')),
  r('POST', '/admin/dealers/:id/webhooks/:webhookId/test', 'auth', can('admin/dealers', 'update')),
  r('GET', '/admin/dealers/:id/webhooks/:webhookId/deliveries', 'auth', can('admin/dealers', 'read')),
  r('POST', '/admin/dealers/:id/webhook-deliveries/:deliveryId/resend', 'auth', can('admin/dealers', 'update')),
  r('GET', '/sales-manager/dealers', 'auth', can('sales-manager/dealers', 'list')),
  r('POST', '/sales-manager/dealers', 'auth', can('sales-manager/dealers', 'create')),

  // ── catalog: public site ──
  r('GET', '/public/countries', 'catalog', 'public', { rateLimit: 'public-read' }),
  r('GET', '/public/countries/:slug', 'catalog', 'public', { rateLimit: 'public-read' }),
  r('GET', '/public/countries/:slug/packages', 'catalog', 'public', { rateLimit: 'public-read' }),
  r('GET', '/public/destinations', 'catalog', 'public', { rateLimit: 'public-read' }),
  r('GET', '/public/regions', 'catalog', 'public', { rateLimit: 'public-read' }),
  r('GET', '/public/coverage', 'catalog', 'public', { rateLimit: 'public-read' }),
  r('GET', '/public/search', 'catalog', 'public', { rateLimit: 'public-read' }),
  // ── catalog: prices for the caller and dealer pricing ──
  r('GET', '/user/packages', 'catalog', can('price-list', 'list')),
  r('GET', '/user/packages/price-list.xlsx', 'catalog', can('price-list', 'list')),
  r('GET', '/admin/dealers/:id/packages', 'catalog', can('admin/dealer-pricing', 'list')),
  r('PUT', '/admin/dealers/:id/packages', 'catalog', can('admin/dealer-pricing', 'update')),
  r('PUT', '/admin/dealers/:id/packages/percentage', 'catalog', can('admin/dealer-pricing', 'update')),
  r('PUT', '/admin/dealers/:id/packages/:packageId', 'catalog', can('admin/dealer-pricing', 'update')),
  r('GET', '/admin/dealers/:id/price-history', 'catalog', can('admin/dealer-pricing', 'read')),
  r('GET', '/sales-manager/dealers/:id/packages', 'catalog', can('sales-manager/dealer-pricing', 'list')),
  r('PUT', '/sales-manager/dealers/:id/packages', 'catalog', can('sales-manager/dealer-pricing', 'update')),
  r('PUT', '/sales-manager/dealers/:id/packages/:packageId', 'catalog', can('sales-manager/dealer-pricing', 'update')),
  // ── catalog: admin management (react-admin simple-rest) ──
  r('GET', '/admin/packages', 'catalog', can('admin/catalog', 'list')),
  r('POST', '/admin/packages', 'catalog', can('admin/catalog', 'create')),
  r('GET', '/admin/packages/:id', 'catalog', can('admin/catalog', 'read')),
  r('PUT', '/admin/packages/:id', 'catalog', can('admin/catalog', 'update')),
  r('DELETE', '/admin/packages/:id', 'catalog', can('admin/catalog', 'delete')),
  r('GET', '/admin/countries', 'catalog', can('admin/catalog', 'list')),
  r('GET', '/admin/countries/:id', 'catalog', can('admin/catalog', 'read')),
  r('PUT', '/admin/countries/:id', 'catalog', can('admin/catalog', 'update')),
  // ── catalog: suppliers per package (offers synced in by esim, packages made from them, the margin rule) ──
  r('GET', '/admin/supplier-offers', 'catalog', can('admin/catalog', 'list')),
  r('GET', '/admin/supplier-offers/:id', 'catalog', can('admin/catalog', 'read')),
  r('POST', '/admin/supplier-offers/:id/package', 'catalog', can('admin/catalog', 'create')),
  r('POST', '/admin/supplier-offers/:id/map', 'catalog', can('admin/catalog', 'update')),
  r('GET', '/admin/margin-rule', 'catalog', can('admin/catalog', 'read')),
  r('PUT', '/admin/margin-rule', 'catalog', can('admin/catalog', 'update')),
  r('POST', '/admin/packages/reprice', 'catalog', can('admin/catalog', 'update')),
  r('POST', '/admin/packages/:id/resume', 'catalog', can('admin/catalog', 'update')),

  // ── balance: the caller's money ──
  r('GET', '/user/balance', 'balance', can('balance', 'read')),
  r('POST', '/user/balance/add', 'balance', can('balance', 'create')),
  r('GET', '/user/balance/deposits', 'balance', can('balance', 'list')),
  r('GET', '/user/balance/bank-transfer', 'balance', can('balance', 'read')),
  // The home's spend chart: part of the dashboard, so the dashboard's rule.
  r('GET', '/user/balance/spend', 'balance', can('dashboard', 'read')),
  r('GET', '/user/transactions', 'balance', can('transactions', 'list')),
  r('GET', '/user/transactions/query', 'balance', can('transactions', 'list')),
  r('GET', '/user/dashboard', 'balance', can('dashboard', 'read')),
  // A dealer's monthly statement: JSON, or `:month` as 2026-11.pdf / 2026-11.xlsx (or ?format=).
  r('GET', '/user/statements', 'balance', can('statements', 'read')),
  r('GET', '/user/statements/:month', 'balance', can('statements', 'read')),
  // Card deposits: start (Idempotency-Key), the buyer's poll, the provider's callback (public: it
  // carries only a token and makes the service re-read the payment from the provider).
  r('GET', '/user/payments', 'balance', can('balance', 'read')),
  r('POST', '/user/payments/card', 'balance', can('balance', 'create')),
  r('GET', '/user/payments/:id', 'balance', can('balance', 'read')),
  r('POST', '/user/payments/:id/refund', 'balance', can('balance', 'create')),
  r('POST', '/payments/callback', 'balance', 'public', { rateLimit: 'public-lookup', bodyLimit: 8 * 1024 }),
  // The demo provider's hosted card page and its 3-D Secure step (demo mode, no provider configured).
  r('GET', '/payments/demo/:token', 'balance', 'public', { rateLimit: 'public-read' }),
  r('POST', '/payments/demo/:token', 'balance', 'public', { rateLimit: 'public-lookup', bodyLimit: 8 * 1024 }),
  r('POST', '/payments/demo/:token/3ds', 'balance', 'public', { rateLimit: 'public-lookup', bodyLimit: 8 * 1024 }),
  // ── balance: admin ──
  r('POST', '/admin/dealers/balance', 'balance', can('admin/dealer-balance', 'create')),
  r('POST', '/admin/dealers/cash-balance', 'balance', can('admin/dealer-balance', 'create')),
  r('GET', '/admin/dealers/balances', 'balance', can('admin/dealer-balance', 'list')),
  r('PUT', '/admin/dealers/:id/credit-limit', 'balance', can('admin/dealer-balance', 'update')),
  r('GET', '/admin/dealers/:id/transactions', 'balance', can('admin/dealer-balance', 'list')),
  r('GET', '/admin/dealers/:id/statements/:month', 'balance', can('admin/dealer-balance', 'read')),
  r('GET', '/admin/sales-managers/balances', 'balance', can('admin/sales-managers', 'list')),
  r('GET', '/admin/customers/balances', 'balance', can('admin/customers', 'list')),
  r('POST', '/admin/sales-managers/collect', 'balance', can('admin/sales-managers', 'update')),
  r('GET', '/admin/collection-logs', 'balance', can('admin/collection-logs', 'list')),
  r('GET', '/admin/collection-logs/export', 'balance', can('admin/collection-logs', 'export')),
  // The admin home's sales figures: today, this month and the last 30 days, eSIM and Plus apart.
  r('GET', '/admin/sales', 'balance', can('admin/dashboard', 'read')),
  r('GET', '/admin/deposits', 'balance', can('admin/deposits', 'list')),
  r('POST', '/admin/deposits/:id/confirm', 'balance', can('admin/deposits', 'approve')),
  r('POST', '/admin/deposits/:id/reject', 'balance', can('admin/deposits', 'approve')),
  r('POST', '/admin/deposits/bulk-confirm', 'balance', can('admin/deposits', 'approve')),
  r('POST', '/admin/deposits/bulk-reject', 'balance', can('admin/deposits', 'approve')),
  r('GET', '/admin/accounts/names', 'balance', can('admin/deposits', 'list')),
  r('GET', '/admin/balance/settings', 'balance', can('admin/shop-settings', 'read')),
  r('PUT', '/admin/balance/settings', 'balance', can('admin/shop-settings', 'update')),
  r('GET', '/admin/payments', 'balance', can('admin/deposits', 'list')),
  r('POST', '/admin/payments/:id/refund', 'balance', can('admin/deposits', 'approve')),
  r('POST', '/admin/payments/:id/refunds/:refundId/retry', 'balance', can('admin/deposits', 'approve')),
  r('POST', '/admin/payments/:id/refunds/:refundId/to-balance', 'balance', can('admin/deposits', 'approve')),
  // The deposits' paths before they were named deposits, still served (deprecated) for existing clients.
  r('GET', '/user/balance/top-ups', 'balance', can('balance', 'list')),
  r('GET', '/admin/top-ups', 'balance', can('admin/deposits', 'list')),
  r('POST', '/admin/top-ups/:id/confirm', 'balance', can('admin/deposits', 'approve')),
  r('POST', '/admin/top-ups/:id/reject', 'balance', can('admin/deposits', 'approve')),
  r('POST', '/admin/top-ups/bulk-confirm', 'balance', can('admin/deposits', 'approve')),
  r('POST', '/admin/top-ups/bulk-reject', 'balance', can('admin/deposits', 'approve')),
  // ── balance: sales manager ──
  r('GET', '/sales-manager/balance', 'balance', can('sales-manager/balance', 'read')),
  r('POST', '/sales-manager/collect', 'balance', can('sales-manager/collection', 'create')),
  r('GET', '/sales-manager/collection-report', 'balance', can('sales-manager/collection', 'read')),
  r('GET', '/sales-manager/dealers/:id/statements/:month', 'balance', can('sales-manager/dealers', 'read')),

  // ── esim: purchases, orders, QR codes, status, usage, refunds, public balance check ──
  r('POST', '/user/packages/buy', 'esim', can('esim-orders', 'create')),
  r('GET', '/user/esim/orders', 'esim', can('esim-orders', 'list')),
  r('GET', '/user/esim/orders/:id', 'esim', can('esim-orders', 'read')),
  r('GET', '/user/esims', 'esim', can('esim-orders', 'list')),
  r('POST', '/user/esim/orders/:id/qr-codes', 'esim', can('esim-orders', 'read')),
  r('GET', '/user/esim/qr/:fileName', 'esim', can('esim-orders', 'read')),
  // Every QR of a (bulk) order in one zip: a png per eSIM and a CSV of ICCID, LPA and activation code.
  r('GET', '/user/esim/orders/:id/qr.zip', 'esim', can('esim-orders', 'read')),
  r('PUT', '/user/esim/:id/status', 'esim', can('esim-orders', 'update')),
  r('GET', '/user/esim/:id/usage', 'esim', can('esim-orders', 'read')),
  r('GET', '/public/balance/esim/:id', 'esim', 'public', { rateLimit: 'public-lookup' }),
  r('GET', '/user/esim/:id/refund', 'esim', can('esim-orders', 'read')),
  r('POST', '/user/esim/:id/refund', 'esim', can('esim-orders', 'update')),
  r('GET', '/user/esim/:id/top-ups', 'esim', can('esim-orders', 'read')),
  r('POST', '/user/esim/:id/top-ups', 'esim', can('esim-orders', 'create')),
  // Install from another device: the install mail (a few per order and hour), one-time install links
  // and the page they open (public: the unguessable token is the credential; no code once installed).
  r('POST', '/user/esim/orders/:id/send-install-mail', 'esim', can('esim-orders', 'read')),
  r('GET', '/user/esim/orders/:id/install-links', 'esim', can('esim-orders', 'read')),
  // A dealer's end customer on an order, and the install mail sent to that customer in the dealer's name.
  r('PATCH', '/user/esim/orders/:id/customer', 'esim', can('esim-orders', 'update')),
  r('POST', '/user/esim/orders/:id/send-to-customer', 'esim', can('esim-orders', 'update')),
  r('POST', '/user/esim/orders/:id/install-links', 'esim', can('esim-orders', 'update')),
  r('DELETE', '/user/esim/orders/:id/install-links/:linkId', 'esim', can('esim-orders', 'update')),
  r('GET', '/public/install/:token', 'esim', 'public', { rateLimit: 'public-lookup' }),
  // The provider's usage webhook: public, but every call is HMAC-verified by the service.
  r('POST', '/webhooks/esim-usage', 'esim', 'public', { bodyLimit: 1024 * 1024 }),
  // The suppliers' own webhooks (checked by each adapter); a supplier may check the address with a GET or HEAD first.
  r('GET', '/webhooks/airalo', 'esim', 'public'),
  r('POST', '/webhooks/airalo', 'esim', 'public', { bodyLimit: 1024 * 1024 }),
  r('GET', '/webhooks/esimaccess', 'esim', 'public'),
  r('POST', '/webhooks/esimaccess', 'esim', 'public', { bodyLimit: 1024 * 1024 }),
  // ── esim, admin: the profile pool and usage files ──
  r('POST', '/admin/esim/pool/import', 'esim', can('admin/esim-pool', 'create'), { bodyLimit: 10 * 1024 * 1024 }),
  r('GET', '/admin/esim/pool/stock', 'esim', can('admin/esim-pool', 'list')),
  r('PUT', '/admin/esim/pool/thresholds/:packageCode', 'esim', can('admin/esim-pool', 'update')),
  r('GET', '/admin/esim/pool/profiles', 'esim', can('admin/esim-pool', 'list')),
  r('GET', '/admin/esim/suppliers', 'esim', can('admin/esim-pool', 'list')),
  r('POST', '/admin/esim/suppliers/sync', 'esim', can('admin/esim-pool', 'update')),
  r('POST', '/admin/esim/usage-upload', 'esim', can('admin/esim-pool', 'update'), { bodyLimit: 10 * 1024 * 1024 }),

  // ── physical-sim, user (its issue implements these) ──
  r('GET', '/user/physical-sim/packages', 'physical-sim', can('physical-sim-purchase', 'list')),
  r('GET', '/user/physical-sim/available', 'physical-sim', can('physical-sim-purchase', 'read')),
  r('GET', '/user/physical-sim/my-cards', 'physical-sim', can('physical-sim-stock', 'list')),
  r('POST', '/user/physical-sim/order', 'physical-sim', can('physical-sim-purchase', 'create')),
  r('GET', '/user/physical-sim/orders', 'physical-sim', can('physical-sim-purchase', 'list')),
  r('POST', '/user/physical-sim/return', 'physical-sim', can('physical-sim-return', 'create')),
  r('GET', '/user/physical-sim/returns', 'physical-sim', can('physical-sim-return', 'list')),
  r('GET', '/public/balance/physical-sim/:id', 'physical-sim', 'public', { rateLimit: 'public-lookup' }),
  // The operator's usage reports for physical cards: public, but every call is HMAC-verified by the service.
  r('POST', '/webhooks/physical-sim-usage', 'physical-sim', 'public', { bodyLimit: 1024 * 1024 }),
  // ── physical-sim, admin ──
  // Files up to 20 MB (docs/product.md, Orders and approvals), plus room for the multipart envelope.
  r('POST', '/admin/physical-sim/import', 'physical-sim', can('admin/physical-sim-import', 'create'), {
    bodyLimit: 21 * 1024 * 1024,
  }),
  r('POST', '/admin/physical-sim/import-excel', 'physical-sim', can('admin/physical-sim-import', 'create'), {
    bodyLimit: 21 * 1024 * 1024,
  }),
  r('GET', '/admin/physical-sim/import/template', 'physical-sim', can('admin/physical-sim-import', 'read')),
  r('GET', '/admin/physical-sim/imports', 'physical-sim', can('admin/physical-sim-import', 'list')),
  r('GET', '/admin/physical-sim/imports/:id', 'physical-sim', can('admin/physical-sim-import', 'read')),
  r('GET', '/admin/physical-sim/imports/:id/errors', 'physical-sim', can('admin/physical-sim-import', 'read')),
  // The operator's usage file for physical cards (iccid, used_bytes or used_mb, recorded_at), as for eSIMs.
  r('POST', '/admin/physical-sim/usage-upload', 'physical-sim', can('admin/physical-sim-stock', 'update'), {
    bodyLimit: 10 * 1024 * 1024,
  }),
  r('GET', '/admin/physical-sim/settings', 'physical-sim', can('admin/physical-sim-returns', 'read')),
  r('PUT', '/admin/physical-sim/settings', 'physical-sim', can('admin/physical-sim-returns', 'update')),
  r('GET', '/admin/physical-sim/orders/pending', 'physical-sim', can('admin/physical-sim-orders', 'list')),
  r('GET', '/admin/physical-sim/orders/:id', 'physical-sim', can('admin/physical-sim-orders', 'read')),
  r('POST', '/admin/physical-sim/orders/:id/approve', 'physical-sim', can('admin/physical-sim-orders', 'approve')),
  r('POST', '/admin/physical-sim/orders/:id/reject', 'physical-sim', can('admin/physical-sim-orders', 'approve')),
  r('POST', '/admin/physical-sim/orders/bulk-approve', 'physical-sim', can('admin/physical-sim-orders', 'approve')),
  r('POST', '/admin/physical-sim/orders/bulk-reject', 'physical-sim', can('admin/physical-sim-orders', 'approve')),
  r('GET', '/admin/physical-sim/returns/pending', 'physical-sim', can('admin/physical-sim-returns', 'list')),
  r('GET', '/admin/physical-sim/returns/:id', 'physical-sim', can('admin/physical-sim-returns', 'read')),
  r('POST', '/admin/physical-sim/returns/:id/approve', 'physical-sim', can('admin/physical-sim-returns', 'approve')),
  r('POST', '/admin/physical-sim/returns/:id/reject', 'physical-sim', can('admin/physical-sim-returns', 'approve')),
  r('POST', '/admin/physical-sim/returns/bulk-approve', 'physical-sim', can('admin/physical-sim-returns', 'approve')),
  r('POST', '/admin/physical-sim/returns/bulk-reject', 'physical-sim', can('admin/physical-sim-returns', 'approve')),
  r('GET', '/admin/physical-sim/stock/dashboard', 'physical-sim', can('admin/physical-sim-stock', 'read')),
  r('GET', '/admin/physical-sim/stock/statistics', 'physical-sim', can('admin/physical-sim-stock', 'read')),
  r('GET', '/admin/physical-sim/stock/summary', 'physical-sim', can('admin/physical-sim-stock', 'read')),
  r('GET', '/admin/physical-sim/stock/search', 'physical-sim', can('admin/physical-sim-stock', 'list')),
  r('GET', '/admin/physical-sim/stock/transfer-preview', 'physical-sim', can('admin/physical-sim-stock', 'read')),
  r('GET', '/admin/physical-sim/stock', 'physical-sim', can('admin/physical-sim-stock', 'list')),
  r('GET', '/admin/physical-sim/stock/:id', 'physical-sim', can('admin/physical-sim-stock', 'read')),
  r('GET', '/admin/physical-sim/stock/:id/deletion-info', 'physical-sim', can('admin/physical-sim-stock', 'read')),
  r('PUT', '/admin/physical-sim/stock/:id/status', 'physical-sim', can('admin/physical-sim-stock', 'update')),
  r('PUT', '/admin/physical-sim/stock/bulk-status-update', 'physical-sim', can('admin/physical-sim-stock', 'update')),
  r('POST', '/admin/physical-sim/stock/transfer-to-dealer', 'physical-sim', can('admin/physical-sim-stock', 'update')),
  r('POST', '/admin/physical-sim/stock/return-to-admin', 'physical-sim', can('admin/physical-sim-stock', 'update')),
  r('DELETE', '/admin/physical-sim/stock/:id', 'physical-sim', can('admin/physical-sim-stock', 'delete')),
  r('POST', '/admin/physical-sim/stock/bulk-delete', 'physical-sim', can('admin/physical-sim-stock', 'delete')),
];

const byKey = new Map(ROUTES.map((route) => [`${route.method} ${route.path}`, route]));

/** The rule of one route, e.g. `routeRule('GET', '/admin/dealers/:id')`. Throws on a route missing from the table. */
export function routeRule(method: HttpMethod, path: string): RouteRule {
  const rule = byKey.get(`${method} ${path}`);
  if (!rule) throw new Error(`Route ${method} ${path} is not in the route table (packages/contracts/src/routes.ts)`);
  return rule;
}
