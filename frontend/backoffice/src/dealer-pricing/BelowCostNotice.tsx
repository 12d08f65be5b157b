import type { DealerPackage } from '@esim/contracts';
import { Alert, Box, Checkbox, FormControlLabel } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCents, formatEuro } from '../format';
import { priceWarning } from './priceInput';

/** One package's price as a change would set it (null: back to the list price). */
export interface PriceChangeRow {
  row: DealerPackage;
  newCents: number | null;
}

/** The changes the catalog refuses unless the admin allows them: prices below the package's cost. */
export const belowCostRows = (changes: readonly PriceChangeRow[]) =>
  changes.filter((change) => priceWarning(change.newCents, change.row) === 'below_cost');

/**
 * Names every package a change would price below cost, before the admin confirms; the catalog
 * saves the change whole or not at all, so confirming waits for the admin to allow them.
 */
export function BelowCostNotice({
  rows,
  allowed,
  onAllowedChange,
}: {
  rows: readonly PriceChangeRow[];
  allowed: boolean;
  onAllowedChange: (allowed: boolean) => void;
}) {
  const translate = useTranslate();
  if (rows.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ my: 2 }} data-testid="below-cost">
      <div>{translate('app.admin_pricing.below_cost_count', { smart_count: rows.length })}</div>
      {/* A long list scrolls on its own, so the choice below it stays in view. */}
      <Box component="ul" sx={{ my: 0.5, pl: 2.5, overflowWrap: 'anywhere', maxHeight: 136, overflowY: 'auto' }}>
        {rows.map(({ row, newCents }) => (
          <li key={row.id}>
            {translate('app.admin_pricing.below_cost_row', {
              name: row.name,
              code: row.code,
              price: formatCents(newCents ?? 0),
              cost: formatEuro(row.cost_price ?? 0),
            })}
          </li>
        ))}
      </Box>
      <div>{translate('app.admin_pricing.below_cost_whole')}</div>
      <FormControlLabel
        sx={{ display: 'flex' }}
        control={<Checkbox checked={allowed} onChange={(e) => onAllowedChange(e.target.checked)} />}
        label={translate('app.admin_pricing.allow_below_cost')}
      />
    </Alert>
  );
}
