import { Alert, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { SerialRangePreview as Preview } from '@esim/contracts';
import { useTranslate } from 'react-admin';

/** Whether a previewed range can move: the transfer takes every card of the range or none. */
export const rangeTransferable = (preview: Preview) =>
  preview.total > 0 && preview.total <= preview.max && preview.transferable === preview.total;

/** What a serial-range transfer would move, read before anything moves: the count, the packages, and what would refuse it. */
export function SerialRangePreview({ preview }: { preview: Preview }) {
  const translate = useTranslate();
  if (preview.total === 0) return <Alert severity="warning">{translate('app.psim_stock.range_empty')}</Alert>;
  const blocked = preview.total - preview.transferable;
  return (
    <Stack spacing={1} data-testid="range-preview">
      <Typography>
        {translate('app.psim_stock.range_summary', {
          smart_count: preview.total,
          first: preview.first_serial,
          last: preview.last_serial,
        })}
      </Typography>
      <Table size="small">
        <TableBody>
          {preview.packages.map((p) => (
            <TableRow key={p.package_id}>
              <TableCell>{`${p.package_code} · ${p.package_name}`}</TableCell>
              <TableCell align="right">{p.count}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {preview.total > preview.max ? (
        <Alert severity="error">{translate('app.psim_stock.range_too_large', { max: preview.max })}</Alert>
      ) : blocked > 0 ? (
        <Alert severity="error">
          {translate('app.psim_stock.range_blocked', {
            smart_count: blocked,
            serials: preview.blocked_serials.join(', '),
          })}
        </Alert>
      ) : (
        <Alert severity="success">
          {translate('app.psim_stock.range_ready', { smart_count: preview.transferable })}
        </Alert>
      )}
    </Stack>
  );
}
