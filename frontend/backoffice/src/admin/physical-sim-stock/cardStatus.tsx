import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A card's status as the admin reads it: the dealers' words say 'in your stock' for an assigned card, the admin's 'with the dealer'. */
export function adminCardStatusText(status: string, translate: Translate): string {
  return status === 'assigned'
    ? translate('app.admin_dealers.card_with_dealer')
    : translate(`app.physical_sim.card_statuses.${status}`, { _: status });
}

/** The status chip of the admin's stock screens, coloured like the dealer's. */
export function AdminCardStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  const color =
    status === 'assigned'
      ? 'success'
      : status === 'activated' || status === 'sold'
        ? 'primary'
        : status === 'defective' || status === 'lost'
          ? 'error'
          : 'default';
  return <Chip size="small" color={color} label={adminCardStatusText(status, translate)} />;
}
