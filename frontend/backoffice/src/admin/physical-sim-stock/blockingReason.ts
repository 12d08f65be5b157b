import { adminCardStatusText } from './cardStatus';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The service's codes for why a card cannot be deleted, in words (`status_<status>` names the card's status). */
export function blockingReasonText(code: string, translate: Translate): string {
  if (code.startsWith('status_')) {
    const status = code.slice('status_'.length);
    return translate('app.psim_stock.blocking.status', { status: adminCardStatusText(status, translate) });
  }
  return translate(`app.psim_stock.blocking.${code}`, { _: code });
}
