import type { RaRecord } from 'react-admin';

/** Who holds a card: a dealer by name, or the admin's own stock. */
export const ownerText = (record: RaRecord, translate: (key: string) => string) =>
  record.owner_user_id ? record.owner_name || record.owner_user_id : translate('app.psim_stock.admin_stock');
