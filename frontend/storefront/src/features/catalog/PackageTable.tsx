import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '@esim/frontend-shared/format';
import { planSummary } from './planSummary';
import { nextSort, sortPackages, type SortColumn, type SortState } from './sort';
import type { PublicPackage } from './types';

// Opened on "Details": its code comes then.
const PlanDetailsDialog = lazy(() => import('./PlanDetailsDialog'));

const COLUMNS: SortColumn[] = ['duration', 'data', 'price'];

// On a phone a column's arrow shows only once it sorts by it: a hidden arrow's room is what a 360 px
// screen lacks for the row (a touch screen has no hover to show it on).
const INACTIVE_SORT_ICON = { display: { xs: 'none', sm: 'inline-block' } };
const NARROW_PHONE = '@media (max-width: 374.95px)';

/**
 * A country's package table: duration, data and price sortable (a click toggles asc/desc); each row
 * names its network and hotspot and opens the plan's details (operators, validity, countries).
 */
export function PackageTable({
  packages,
  onBuy,
  caption,
  buyDisabled = false,
  countryCode,
}: {
  packages: PublicPackage[];
  onBuy(p: PublicPackage): void;
  caption: string;
  buyDisabled?: boolean;
  /** The country the page is about: its operators lead the details. */
  countryCode?: string;
}) {
  const { t } = useTranslation('shop');
  const [sort, setSort] = useState<SortState>({ column: 'duration', order: 'asc' });
  const [details, setDetails] = useState<PublicPackage | null>(null);
  const rows = sortPackages(packages, sort);
  return (
    <>
      <TableContainer
        sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
      >
        <Table aria-label={caption} size="medium" sx={{ minWidth: { xs: 0, sm: 560 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('country.package')}</TableCell>
              {COLUMNS.map((column) => (
                <TableCell
                  key={column}
                  sortDirection={sort.column === column ? sort.order : false}
                  align={column === 'price' ? 'right' : 'left'}
                  sx={{
                    px: { xs: 1, sm: 2 },
                    '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': INACTIVE_SORT_ICON,
                  }}
                >
                  <TableSortLabel
                    active={sort.column === column}
                    direction={sort.column === column ? sort.order : 'asc'}
                    onClick={() => setSort((s) => nextSort(s, column))}
                  >
                    {t(`country.${column}`)}
                  </TableSortLabel>
                </TableCell>
              ))}
              <TableCell align="right" sx={{ px: { xs: 1, sm: 2 } }}>
                <Box
                  component="span"
                  // Visually hidden, named to screen readers; in pixels, as sx reads `1` as 100%.
                  sx={{
                    position: 'absolute',
                    width: '1px',
                    height: '1px',
                    overflow: 'hidden',
                    clip: 'rect(0 0 0 0)',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {t('country.action')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((p) => (
              // By code: the API's answer (the database's ids) then updates the prerendered rows instead of replacing them.
              <TableRow key={p.code} data-testid="package-row" selected={p.recommended}>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                  {p.recommended && (
                    <Chip size="small" color="success" label={t('country.recommended')} sx={{ mt: 0.5 }} />
                  )}
                </TableCell>
                <TableCell sx={{ px: { xs: 1, sm: 2 } }}>
                  {/* On a phone the name column is hidden: the name leads the row, or a dearer plan beside a bigger one looks like a mistake. */}
                  <Typography
                    component="span"
                    data-testid="package-name-phone"
                    sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 600, lineHeight: 1.3 }}
                  >
                    {p.name}
                  </Typography>
                  {t('common:format.days', { count: p.duration })}
                  {/* On a phone the details line sits under the name, where the narrow column wraps it, so the row keeps its width. */}
                  <Typography
                    component="span"
                    variant="caption"
                    color="text.secondary"
                    data-testid="plan-summary-phone"
                    sx={{ display: { xs: 'block', sm: 'none' }, lineHeight: 1.3 }}
                  >
                    {planSummary(p, t)}
                  </Typography>
                  {p.recommended && (
                    <Chip
                      size="small"
                      color="success"
                      label={t('country.recommended')}
                      // Its whole word on a narrow column (a chip's label is cut to the column otherwise).
                      sx={{
                        display: { sm: 'none' },
                        mt: 0.5,
                        ml: -0.5,
                        maxWidth: 'none',
                        '& .MuiChip-label': { px: 0.75 },
                      }}
                    />
                  )}
                </TableCell>
                <TableCell sx={{ px: { xs: 1, sm: 2 } }}>
                  {p.data}
                  <Typography
                    component="span"
                    variant="caption"
                    color="text.secondary"
                    data-testid="plan-summary"
                    sx={{ display: { xs: 'none', sm: 'block' }, whiteSpace: 'nowrap' }}
                  >
                    {planSummary(p, t)}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, px: { xs: 1, sm: 2 }, whiteSpace: 'nowrap' }}>
                  {formatEuro(p.price)}
                </TableCell>
                <TableCell align="right" sx={{ px: { xs: 1, sm: 2 } }}>
                  <Button
                    variant={p.recommended ? 'contained' : 'outlined'}
                    size="small"
                    disabled={buyDisabled}
                    onClick={() => onBuy(p)}
                    aria-label={`${t('country.buy')}: ${p.name}`}
                    // On the narrowest phones its label may take two lines, so the row fits the screen.
                    sx={{ whiteSpace: 'nowrap', [NARROW_PHONE]: { whiteSpace: 'normal', textWrap: 'balance' } }}
                  >
                    {t('country.buy')}
                  </Button>
                  <Button
                    variant="text"
                    size="small"
                    onClick={() => setDetails(p)}
                    aria-label={`${t('plan.details')}: ${p.name}`}
                    aria-haspopup="dialog"
                    sx={{ display: 'block', ml: 'auto', mt: 0.5, px: 0.5, minWidth: 0, whiteSpace: 'nowrap' }}
                  >
                    {t('plan.detailsShort')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {details && (
        <Suspense fallback={null}>
          <PlanDetailsDialog
            pkg={details}
            countryCode={countryCode}
            onClose={() => setDetails(null)}
            buyDisabled={buyDisabled}
            onBuy={(p) => {
              setDetails(null);
              onBuy(p);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
