import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '@esim/frontend-shared/format';
import { CoverageList, PlanFacts } from './PlanFacts';
import type { PublicPackage } from './types';

/** A package's details before buying: its facts and, for a regional or global plan, every country it covers. */
export function PlanDetailsDialog({
  pkg,
  countryCode,
  onClose,
  onBuy,
  buyDisabled,
}: {
  pkg: PublicPackage;
  countryCode?: string;
  onClose(): void;
  onBuy?(pkg: PublicPackage): void;
  buyDisabled?: boolean;
}) {
  const { t } = useTranslation('shop');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="plan-details-title">
      <DialogTitle id="plan-details-title">{t('plan.detailsOf', { name: pkg.name })}</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('common:format.days', { count: pkg.duration })} · {pkg.data} · {formatEuro(pkg.price)}
        </Typography>
        <PlanFacts pkg={pkg} countryCode={countryCode} />
        {pkg.coverage.length > 1 && (
          <Box sx={{ mt: 3 }}>
            <CoverageList coverage={pkg.coverage} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
        {onBuy && (
          <Button variant="contained" disabled={buyDisabled} onClick={() => onBuy(pkg)}>
            {t('country.buy')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export default PlanDetailsDialog;
