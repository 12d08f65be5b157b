/**
 * The back-office page of the record an audit entry changed, from the route it called: the route
 * table's `:id` (or `:id` of the parent) taken from the called path. Writes that name no record
 * (creations, money loads by body) and records a successful delete removed have no page.
 */
type LinkRule = [route: string, page: (id: string) => string];

const show = (resource: string) => (id: string) => `/${resource}/${encodeURIComponent(id)}/show`;
const edit = (resource: string) => (id: string) => `/${resource}/${encodeURIComponent(id)}`;
const pricing = (id: string) => `/admin/dealers/${encodeURIComponent(id)}/pricing`;
// Deposits have no page of their own: their list shows the one request, whatever its status.
const deposit = (id: string) => `/admin/deposits?filter=${encodeURIComponent(JSON.stringify({ id, status: 'all' }))}`;

const RULES: readonly LinkRule[] = [
  ['/admin/dealers/:id', show('admin/dealers')],
  ['/admin/dealers/:id/status', show('admin/dealers')],
  ['/admin/dealers/:id/credit-limit', show('admin/dealers')],
  ['/admin/dealers/:id/packages', pricing],
  ['/admin/dealers/:id/packages/percentage', pricing],
  ['/admin/dealers/:id/packages/:packageId', pricing],
  ['/admin/messages/:id', show('admin/messages')],
  ['/admin/deposits/:id/confirm', deposit],
  ['/admin/deposits/:id/reject', deposit],
  // The deposits' old paths: entries written before the rename, and clients still calling them.
  ['/admin/top-ups/:id/confirm', deposit],
  ['/admin/top-ups/:id/reject', deposit],
  ['/admin/packages/:id', edit('admin/packages')],
  ['/admin/countries/:id', edit('admin/countries')],
  ['/admin/physical-sim/orders/:id/approve', show('admin/physical-sim-orders')],
  ['/admin/physical-sim/orders/:id/reject', show('admin/physical-sim-orders')],
  ['/admin/physical-sim/returns/:id/approve', show('admin/physical-sim-returns')],
  ['/admin/physical-sim/returns/:id/reject', show('admin/physical-sim-returns')],
  ['/admin/physical-sim/stock/:id/status', show('admin/physical-sim-stock')],
  ['/admin/balance/settings', () => '/admin/shop-settings'],
  ['/admin/physical-sim/settings', () => '/admin/shop-settings'],
];

export interface AuditedWrite {
  method: string;
  route: string;
  url: string;
  status_code: number;
}

export function recordLinkOf(entry: AuditedWrite): string | null {
  const rule = RULES.find(([route]) => route === entry.route);
  if (!rule) return null;
  if (entry.status_code === 404 || (entry.method === 'DELETE' && entry.status_code < 300)) return null;
  const position = rule[0].split('/').indexOf(':id');
  // A route of one page and no record (the shop's settings) links to that page.
  if (position < 0) return rule[1]('');
  const segment = entry.url.split('?')[0]!.split('/')[position];
  if (!segment) return null;
  try {
    return rule[1](decodeURIComponent(segment));
  } catch {
    return null;
  }
}
