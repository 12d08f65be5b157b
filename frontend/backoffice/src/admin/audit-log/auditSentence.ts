import { formatCents } from '../../format';
import { adminCardStatusText } from '../physical-sim-stock/cardStatus';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An audit entry as the sentence needs it: the route it called and what its service named. */
export interface WordedEntry {
  method: string;
  route: string;
  status_code: number;
  target_name?: string | null;
  amount_cents?: number | null;
  detail?: string | null;
}

/** Each audited write by its route: its action's name among the audit log's actions and sentences. */
export const ACTIONS: Readonly<Record<string, string>> = {
  'PUT /me': 'profile_update',
  'PUT /me/password': 'password_change',
  'PUT /admin/messages/:id': 'message_update',
  'POST /admin/dealers': 'dealer_create',
  'POST /sales-manager/dealers': 'dealer_create',
  'PUT /admin/dealers/:id': 'dealer_update',
  'DELETE /admin/dealers/:id': 'dealer_delete',
  'PUT /admin/dealers/:id/status': 'dealer_status',
  'POST /admin/dealers/:id/api-keys': 'api_key_create',
  'DELETE /admin/dealers/:id/api-keys/:keyId': 'api_key_revoke',
  'POST /user/api-keys': 'api_key_create',
  'DELETE /user/api-keys/:id': 'api_key_revoke',
  'POST /admin/dealers/:id/webhooks': 'webhook_create',
  'PATCH /admin/dealers/:id/webhooks/:webhookId': 'webhook_update',
  'DELETE /admin/dealers/:id/webhooks/:webhookId': 'webhook_delete',
  'POST /admin/dealers/:id/webhooks/:webhookId/rotate-secret': 'webhook_rotate',
  'POST /admin/dealers/:id/webhooks/:webhookId/test': 'webhook_test',
  'POST /admin/dealers/:id/webhook-deliveries/:deliveryId/resend': 'webhook_resend',
  'POST /user/webhooks': 'webhook_create',
  'PATCH /user/webhooks/:id': 'webhook_update',
  'DELETE /user/webhooks/:id': 'webhook_delete',
  'POST /user/webhooks/:id/rotate-secret': 'webhook_rotate',
  'POST /user/webhooks/:id/test': 'webhook_test',
  'POST /user/webhook-deliveries/:id/resend': 'webhook_resend',
  'POST /admin/sales-managers': 'sm_create',
  'PUT /admin/sales-managers/:id': 'sm_update',
  'PUT /admin/sales-managers/:id/status': 'sm_status',
  'PUT /admin/dealers/:id/packages/:packageId': 'dealer_price',
  'PUT /sales-manager/dealers/:id/packages/:packageId': 'dealer_price',
  'PUT /admin/dealers/:id/packages': 'dealer_prices',
  'PUT /sales-manager/dealers/:id/packages': 'dealer_prices',
  'PUT /admin/dealers/:id/packages/percentage': 'dealer_prices_percentage',
  'POST /admin/packages': 'package_create',
  'PUT /admin/packages/:id': 'package_update',
  'DELETE /admin/packages/:id': 'package_delete',
  'POST /admin/packages/:id/resume': 'package_resume',
  'POST /admin/packages/reprice': 'packages_reprice',
  'PUT /admin/countries/:id': 'country_update',
  'POST /admin/supplier-offers/:id/package': 'offer_package',
  'POST /admin/supplier-offers/:id/map': 'offer_map',
  'PUT /admin/margin-rule': 'margin_rule',
  'POST /admin/dealers/balance': 'dealer_credit_load',
  'POST /admin/dealers/cash-balance': 'dealer_cash',
  'PUT /admin/dealers/:id/credit-limit': 'dealer_credit_limit',
  'POST /admin/sales-managers/collect': 'sm_handover',
  'POST /sales-manager/collect': 'dealer_collect',
  'POST /admin/deposits/:id/confirm': 'deposit_confirm',
  'POST /admin/deposits/:id/reject': 'deposit_reject',
  'POST /admin/deposits/bulk-confirm': 'deposits_confirm',
  'POST /admin/deposits/bulk-reject': 'deposits_reject',
  // Entries written before deposits were named so, and calls to the old paths clients may still use.
  'POST /admin/top-ups/:id/confirm': 'deposit_confirm',
  'POST /admin/top-ups/:id/reject': 'deposit_reject',
  'POST /admin/top-ups/bulk-confirm': 'deposits_confirm',
  'POST /admin/top-ups/bulk-reject': 'deposits_reject',
  'PUT /admin/balance/settings': 'settings_update',
  'PUT /admin/physical-sim/settings': 'settings_update',
  'PUT /admin/shop/identity': 'identity_update',
  'PUT /admin/invoices/settings': 'settings_update',
  'POST /admin/invoices/:id/retry': 'invoice_retry',
  'POST /admin/payments/:id/refund': 'payment_refund',
  'POST /admin/payments/:id/refunds/:refundId/retry': 'refund_retry',
  'POST /admin/payments/:id/refunds/:refundId/to-balance': 'refund_to_balance',
  'POST /admin/esim/pool/import': 'pool_import',
  'PUT /admin/esim/pool/thresholds/:packageCode': 'pool_threshold',
  'POST /admin/esim/suppliers/sync': 'suppliers_sync',
  'POST /admin/esim/usage-upload': 'usage_upload',
  'POST /admin/physical-sim/usage-upload': 'usage_upload',
  'POST /admin/physical-sim/import': 'cards_import',
  'POST /admin/physical-sim/import-excel': 'cards_import',
  'POST /admin/physical-sim/orders/:id/approve': 'sim_order_approve',
  'POST /admin/physical-sim/orders/:id/reject': 'sim_order_reject',
  'POST /admin/physical-sim/orders/bulk-approve': 'sim_orders_approve',
  'POST /admin/physical-sim/orders/bulk-reject': 'sim_orders_reject',
  'POST /admin/physical-sim/returns/:id/approve': 'sim_return_approve',
  'POST /admin/physical-sim/returns/:id/reject': 'sim_return_reject',
  'POST /admin/physical-sim/returns/bulk-approve': 'sim_returns_approve',
  'POST /admin/physical-sim/returns/bulk-reject': 'sim_returns_reject',
  'PUT /admin/physical-sim/stock/:id/status': 'card_status',
  'PUT /admin/physical-sim/stock/bulk-status-update': 'cards_status',
  'POST /admin/physical-sim/stock/transfer-to-dealer': 'cards_transfer',
  'POST /admin/physical-sim/stock/return-to-admin': 'cards_return',
  'DELETE /admin/physical-sim/stock/:id': 'card_delete',
  'POST /admin/physical-sim/stock/bulk-delete': 'cards_delete',
};

export const actionOf = (entry: Pick<WordedEntry, 'method' | 'route'>): string | undefined =>
  ACTIONS[`${entry.method} ${entry.route}`];

/** The sentence a named record gets: a status change says which way, a price says whether it was set or removed. */
function sentenceKey(action: string, entry: WordedEntry): string {
  if (action === 'dealer_status' || action === 'sm_status')
    return `${action}_${entry.detail === 'suspended' ? 'suspended' : 'active'}`;
  if (action === 'dealer_price') return entry.amount_cents === null ? 'dealer_price_removed' : 'dealer_price_set';
  if (action === 'packages_reprice' && entry.detail === 'preview') return 'packages_reprice_preview';
  return action;
}

/** Bulk writes name how many records they decided (the name is the count); these name a record and count in `detail`. */
const COUNTED_BY_DETAIL = new Set(['sim_return_approve', 'sim_return_reject', 'cards_transfer']);
const COUNTED_BY_NAME = new Set([
  'packages_reprice',
  'deposits_confirm',
  'deposits_reject',
  'pool_import',
  'sim_orders_approve',
  'sim_orders_reject',
  'sim_returns_approve',
  'sim_returns_reject',
  'cards_status',
  'cards_return',
  'cards_delete',
]);

/** The count a sentence's plural form is chosen by, where it has one. */
function countOf(action: string, entry: WordedEntry): number | undefined {
  const counted = COUNTED_BY_DETAIL.has(action) ? entry.detail : COUNTED_BY_NAME.has(action) ? entry.target_name : null;
  const count = Number(counted);
  return counted && Number.isInteger(count) ? count : undefined;
}

/** `detail` as the sentence says it: a card status in the admin's words, else as recorded. */
function detailOf(action: string, entry: WordedEntry, translate: Translate): string {
  if (!entry.detail) return '';
  if (action === 'card_status' || action === 'cards_status') return adminCardStatusText(entry.detail, translate);
  return entry.detail;
}

/**
 * The entry in words, in the screen's language: "Deniz Ltd. adlı bayiye 150,25 € kredi yüklendi"
 * when its service named the record, the action alone for older entries ("Bayiye kredi yüklendi"),
 * the method for a route the list does not know. A refused write says it was only attempted.
 */
export function auditSentence(entry: WordedEntry, translate: Translate): string {
  const action = actionOf(entry);
  let text: string;
  if (!action) text = translate(`app.admin_audit_log.methods.${entry.method}`, { _: entry.method });
  else if (entry.target_name)
    text = translate(`app.admin_audit_log.sentences.${sentenceKey(action, entry)}`, {
      target: entry.target_name,
      amount: entry.amount_cents === null || entry.amount_cents === undefined ? '' : formatCents(entry.amount_cents),
      detail: detailOf(action, entry, translate),
      smart_count: countOf(action, entry),
    });
  else text = translate(`app.admin_audit_log.actions.${action}`);
  return entry.status_code >= 400 ? translate('app.admin_audit_log.attempted', { action: text }) : text;
}
