import { applyPercentage, type DealerPackage } from '@esim/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatCents, formatEuro } from '../format';
import { BelowCostNotice, belowCostRows } from './BelowCostNotice';
import { parsePercentage, priceWarning } from './priceInput';
import { PriceWarningChip } from './PriceWarningChip';

/** Columns a phone leaves out (their figures move under the package's name, so "Yeni fiyat" stays in view). */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

export interface PercentagePreviewRow {
  row: DealerPackage;
  newCents: number;
}

/** Every chosen package's new price, computed by the catalog's own function so the preview is what gets saved. */
export function percentagePreview(rows: readonly DealerPackage[], hundredths: number): PercentagePreviewRow[] {
  return rows.map((row) => ({ row, newCents: applyPercentage(Math.round(row.base_price * 100), hundredths) }));
}

/**
 * Reprice by a percentage of the list price: the admin types it, sees every new price (with the
 * below-cost and far-above-list warnings) and only then saves.
 */
export function PercentageDialog({
  open,
  rows,
  onClose,
  onApply,
}: {
  open: boolean;
  /** The packages the change applies to (the selected ones, else every active one). */
  rows: readonly DealerPackage[];
  onClose: () => void;
  onApply: (hundredths: number, allowBelowCost: boolean) => Promise<void>;
}) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [allowBelowCost, setAllowBelowCost] = useState(false);
  const [busy, setBusy] = useState(false);
  const hundredths = parsePercentage(text);
  const preview = typeof hundredths === 'number' ? percentagePreview(rows, hundredths) : [];
  const belowCost = belowCostRows(preview);

  const apply = async () => {
    if (typeof hundredths !== 'number') return;
    setBusy(true);
    try {
      await onApply(hundredths, belowCost.length > 0 && allowBelowCost);
      setText('');
      setAllowBelowCost(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="percentage-title"
    >
      <DialogTitle id="percentage-title">
        {translate('app.admin_pricing.percentage_title', { smart_count: rows.length })}
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          label={translate('app.admin_pricing.percentage')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={hundredths === 'invalid'}
          helperText={
            hundredths === 'invalid'
              ? translate('app.admin_pricing.percentage_invalid')
              : translate('app.admin_pricing.percentage_hint')
          }
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
          sx={{ mt: 1, mb: 2, width: { xs: '100%', sm: 260 } }}
        />
        {/* Above the table: the packages refused and the admin's choice stay in view however long the preview. */}
        <BelowCostNotice rows={belowCost} allowed={allowBelowCost} onAllowedChange={setAllowBelowCost} />
        {preview.length > 0 ? (
          <TableContainer sx={{ maxHeight: { sm: 420 } }}>
            <Table size="small" stickyHeader aria-label={translate('app.admin_pricing.preview')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.price_list.name')}</TableCell>
                  <TableCell align="right" sx={wideOnly}>
                    {translate('app.pricing.base_price')}
                  </TableCell>
                  <TableCell align="right" sx={wideOnly}>
                    {translate('app.admin_pricing.cost')}
                  </TableCell>
                  <TableCell align="right" sx={wideOnly}>
                    {translate('app.admin_pricing.current')}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {translate('app.admin_pricing.new_price')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.map(({ row, newCents }) => (
                  <TableRow key={row.id} data-testid={`preview-${row.id}`}>
                    <TableCell>
                      {row.name}
                      <PriceWarningChip warning={priceWarning(newCents, row)} />
                      <Typography variant="caption" color="text.secondary" component="div">
                        {row.code}
                      </Typography>
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ display: { sm: 'none' } }}
                      >
                        {translate('app.pricing.base_price')}: {formatEuro(row.base_price)} ·{' '}
                        {translate('app.admin_pricing.cost')}: {formatEuro(row.cost_price)} ·{' '}
                        {translate('app.admin_pricing.current')}: {formatEuro(row.price)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={wideOnly}>
                      {formatEuro(row.base_price)}
                    </TableCell>
                    <TableCell align="right" sx={wideOnly}>
                      {formatEuro(row.cost_price)}
                    </TableCell>
                    <TableCell align="right" sx={wideOnly}>
                      {formatEuro(row.price)}
                    </TableCell>
                    <TableCell align="right" data-testid="new-price" sx={{ whiteSpace: 'nowrap' }}>
                      <strong>{formatCents(newCents)}</strong>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        {/* Below cost is saved only when the admin ticks it here (the catalog refuses it otherwise). */}
        <Button
          variant="contained"
          onClick={apply}
          disabled={
            typeof hundredths !== 'number' || busy || rows.length === 0 || (belowCost.length > 0 && !allowBelowCost)
          }
        >
          {translate('app.admin_pricing.apply_percentage', { smart_count: preview.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
