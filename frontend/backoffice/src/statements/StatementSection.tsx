import DownloadIcon from '@mui/icons-material/GetApp';
import {
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { Statement } from '@esim/contracts';
import { formatCents } from '../format';
import type { BackOfficeDataProvider } from '../providers/dataProvider';

/** The months a statement can be asked for: this one and the eleven before it, newest first (YYYY-MM, Istanbul). */
export function lastTwelveMonths(now: Date = new Date()): string[] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Istanbul',
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const index = year * 12 + (month - 1) - i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

const monthLabel = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'tr-TR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-15T00:00:00Z`));

const GROUPS = ['purchases_esim', 'purchases_plus', 'loads', 'collections', 'refunds', 'other'] as const;

/**
 * A dealer's monthly statement: a month picker (the last 12 months), the month's figures and the PDF
 * and Excel downloads. `basePath` is whose statement: `user/statements` (the dealer's own),
 * `sales-manager/dealers/:id/statements` or `admin/dealers/:id/statements`.
 */
export function StatementSection({ basePath, initialMonth }: { basePath: string; initialMonth?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const months = lastTwelveMonths();
  const [month, setMonth] = useState(initialMonth && months.includes(initialMonth) ? initialMonth : months[0]!);
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const { data, isError } = useQuery<Statement>({
    queryKey: ['statement', basePath, month, locale],
    queryFn: () => dataProvider.read(`${basePath}/${month}`),
  });

  const download = async (format: 'pdf' | 'xlsx') => {
    setBusy(format);
    try {
      const url = await dataProvider.blobUrl(`${basePath}/${month}.${format}`);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${translate('app.statements.file_name')}-${month}.${format}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      notify('ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const rows: Array<[string, number | undefined, boolean]> = [
    ['app.statements.opening', data?.opening_balance_cents, true],
    ...GROUPS.map((group): [string, number | undefined, boolean] => [
      `app.statements.groups.${group}`,
      data?.totals[group],
      false,
    ]),
    ['app.statements.closing', data?.closing_balance_cents, true],
    ['app.statements.credit_used', data?.credit_used_cents, false],
    ['app.statements.credit_limit', data?.credit_limit_cents, false],
  ];

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          select
          size="small"
          label={translate('app.statements.month')}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          {months.map((m) => (
            <MenuItem key={m} value={m}>
              {monthLabel(m, locale)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          size="small"
          onClick={() => download('pdf')}
          disabled={busy !== null}
          startIcon={busy === 'pdf' ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
        >
          {translate('app.statements.download_pdf')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          onClick={() => download('xlsx')}
          disabled={busy !== null}
          startIcon={busy === 'xlsx' ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
        >
          {translate('app.statements.download_xlsx')}
        </Button>
      </Box>
      {isError ? (
        <Typography color="error">{translate('app.common.load_failed')}</Typography>
      ) : !data ? (
        <Skeleton height={160} />
      ) : (
        <>
          <Table size="small" aria-label={translate('app.statements.summary')}>
            <TableBody>
              {rows.map(([label, cents, strong]) => (
                <TableRow key={label}>
                  <TableCell sx={{ fontWeight: strong ? 600 : undefined }}>{translate(label)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 600 : undefined }}>
                    {formatCents(cents ?? 0)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {translate('app.statements.movements', { smart_count: data.lines.length })} ·{' '}
            {translate('app.statements.balance_note')}
          </Typography>
        </>
      )}
    </Box>
  );
}
