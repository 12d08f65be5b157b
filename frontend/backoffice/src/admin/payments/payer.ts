import type { RaRecord } from 'react-admin';

/** Who paid, as the admin reads it: company or name, else the e-mail, else the account id. */
export const payerOf = (record: RaRecord, unknown: string) => record.user_name || record.user_email || `${unknown} (${String(record.user_id).slice(0, 8)})`;
