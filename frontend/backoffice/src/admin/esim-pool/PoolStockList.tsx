import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, SimpleList, TopToolbar, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { PoolImportDialog } from './PoolImportDialog';
import { ThresholdDialog } from './ThresholdDialog';

const count = (value: number) => value.toLocaleString('de-DE');

function LowChip({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return record.low ? (
    <Chip size="small" color="error" label={translate('app.admin_esim_pool.low')} />
  ) : (
    <Chip size="small" color="success" variant="outlined" label={translate('app.admin_esim_pool.enough')} />
  );
}

function ThresholdButton({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Box onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        startIcon={<EditIcon />}
        onClick={() => setOpen(true)}
        aria-label={translate('app.admin_esim_pool.edit_threshold_of', { code: record.package_code })}
      >
        {count(record.threshold)}
      </Button>
      {open ? <ThresholdDialog record={record} onClose={() => setOpen(false)} /> : null}
    </Box>
  );
}

function Actions() {
  const translate = useTranslate();
  const [importing, setImporting] = useState(false);
  return (
    <TopToolbar>
      <Button size="small" component={Link} to="/admin/esim-profiles" startIcon={<SearchIcon />}>
        {translate('app.admin_esim_pool.search_iccid')}
      </Button>
      <Button size="small" variant="contained" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
        {translate('app.admin_esim_pool.import')}
      </Button>
      {importing ? <PoolImportDialog onClose={() => setImporting(false)} /> : null}
    </TopToolbar>
  );
}

/** One row per package in the pool: free and assigned profiles, the operators, and the low-stock threshold to edit. */
export default function PoolStockList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const nameOf = (r: RaRecord) => (locale === 'en' ? r.package_name_en : r.package_name_tr) ?? r.package_code;
  return (
    <ListPage
      title={translate('app.menu.admin_esim_pool')}
      actions={<Actions />}
      pagination={false}
      perPage={1000}
      exporter={false}
      empty={<EmptyState title="app.admin_esim_pool.empty" hint="app.admin_esim_pool.empty_hint" />}
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick={false}
            primaryText={(r: RaRecord) => nameOf(r)}
            secondaryText={(r: RaRecord) => (
              <>
                {r.package_code} · {translate('app.admin_esim_pool.available')}: {count(r.available)} ·{' '}
                {translate('app.admin_esim_pool.assigned')}: {count(r.assigned)}
                <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                  <LowChip record={r} />
                  <Typography variant="body2" component="span">
                    {translate('app.admin_esim_pool.threshold')}:
                  </Typography>
                  <ThresholdButton record={r} />
                </Stack>
              </>
            )}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="package_code"
            label="app.admin_esim_pool.package"
            disableSort
            render={(r: RaRecord) => (
              <Stack>
                <span>{nameOf(r)}</span>
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {r.package_code}
                </Typography>
              </Stack>
            )}
          />
          <DataTable.Col
            source="operators"
            label="app.admin_esim_pool.operators"
            disableSort
            render={(r: RaRecord) => (r.operators as string[]).join(', ') || '—'}
          />
          <DataTable.Col
            source="available"
            label="app.admin_esim_pool.available"
            align="right"
            disableSort
            render={(r: RaRecord) => count(r.available)}
          />
          <DataTable.Col
            source="assigned"
            label="app.admin_esim_pool.assigned"
            align="right"
            disableSort
            render={(r: RaRecord) => count(r.assigned)}
          />
          <DataTable.Col
            source="threshold"
            label="app.admin_esim_pool.threshold"
            align="right"
            disableSort
            render={(r: RaRecord) => <ThresholdButton record={r} />}
          />
          <DataTable.Col
            source="low"
            label="app.admin_esim_pool.stock_state"
            disableSort
            render={(r: RaRecord) => <LowChip record={r} />}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
