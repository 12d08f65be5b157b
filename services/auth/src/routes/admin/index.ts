import type { AuditSource } from '../../audit-log/merged-audit-log';
import type { AuthApp, AuthContext } from '../../context';
import { auditLogRoutes } from './audit-log';
import { customerRoutes } from './customers';
import { dealerRoutes } from './dealers';
import { invoiceRoutes } from './invoices';
import { messageRoutes } from './messages';
import { salesManagerAccountRoutes } from './sales-managers';

/** The admin's accounts screens: dealers, sales managers, retail customers, the merged audit log, inbound messages. */
export function adminRoutes(app: AuthApp, ctx: AuthContext, auditSources: AuditSource[]): void {
  dealerRoutes(app, ctx);
  salesManagerAccountRoutes(app, ctx);
  customerRoutes(app);
  auditLogRoutes(app, auditSources);
  messageRoutes(app);
  invoiceRoutes(app, ctx);
}
