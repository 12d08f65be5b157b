import { Stack, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';

/** Whose money a record is, as the admin reads it: company or name, else the e-mail, else the account id. */
export const accountNameOf = (record: RaRecord, unknown: string) =>
  record.user_name || record.user_email || `${unknown} (${String(record.user_id).slice(0, 8)})`;

/** The account's name, with its e-mail under it when the name is known too. */
export function AccountName({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Stack sx={{ minWidth: 0 }}>
      <span>{accountNameOf(record, translate('app.admin_deposits.unknown_user'))}</span>
      {record.user_name && record.user_email ? (
        <Typography variant="caption" color="text.secondary">
          {record.user_email}
        </Typography>
      ) : null}
    </Stack>
  );
}
