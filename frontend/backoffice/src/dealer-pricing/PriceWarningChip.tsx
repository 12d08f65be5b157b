import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PriceWarning } from './priceInput';

/** A price the admin should look at twice: below cost (a loss on every sale) or far above the list price (a likely typo). */
export function PriceWarningChip({ warning }: { warning: PriceWarning | null }) {
  const translate = useTranslate();
  if (!warning) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={warning === 'below_cost' ? 'error' : 'warning'}
      label={translate(`app.admin_pricing.warnings.${warning}`)}
      sx={{ ml: 1, height: 20 }}
    />
  );
}
