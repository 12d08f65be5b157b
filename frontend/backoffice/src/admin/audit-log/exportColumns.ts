import type { CsvColumn } from '../../layout/csvExporter';
import { wordColumn } from '../../layout/csvColumns';

/** An audit entry: when (Istanbul time), who by name and e-mail, what was done where, and how it ended. */
export const auditLogExportColumns: CsvColumn[] = [
  { label: 'app.admin_audit_log.at', value: (r, csv) => csv.dateTime(r.at) },
  { label: 'app.admin_audit_log.person', value: (r) => r.actor_name ?? r.actor_email ?? '' },
  { label: 'app.export.email', value: (r) => r.actor_email },
  wordColumn(
    'app.admin_audit_log.action',
    (s) => `app.admin_audit_log.methods.${s}`,
    (r) => r.method,
  ),
  { label: 'app.export.route', value: (r) => r.url },
  { label: 'app.export.record', value: (r) => r.target_name },
  { label: 'app.balance.amount', value: (r, csv) => csv.money(r.amount_cents) },
  { label: 'app.export.outcome', value: (r) => r.status_code },
  { label: 'app.admin_audit_log.ip', value: (r) => r.ip },
  { label: 'app.admin_audit_log.service', value: (r) => r.service },
];
