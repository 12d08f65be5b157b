import { Chip } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';

export const MESSAGE_STATUSES = ['new', 'read', 'answered'] as const;
export const MESSAGE_KINDS = ['partnership', 'contact'] as const;
const COLORS: Record<string, 'info' | 'default' | 'success'> = { new: 'info', read: 'default', answered: 'success' };

export function MessageStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      label={translate(`app.admin_messages.statuses.${status}`, { _: status })}
    />
  );
}

export function MessageKindChip({ kind }: { kind: string }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" label={translate(`app.admin_messages.kinds.${kind}`, { _: kind })} />;
}

/** The sender as the admin reads it: company for a partnership, name for a contact, and the address. */
export const senderOf = (record: RaRecord): string => record.company_name || record.full_name || record.email || '';
