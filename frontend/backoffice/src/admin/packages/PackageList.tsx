import { PACKAGE_KINDS, PACKAGE_TYPES } from '@esim/contracts';
import { Chip, Stack } from '@mui/material';
import {
  CreateButton,
  DataTable,
  required,
  SimpleList,
  TopToolbar,
  useLocaleState,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SearchInput, SelectInput } from '../../layout/filterInputs';
import { formatBytes, formatCountries, formatEuro } from '../../format';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { ActiveToggle } from './ActiveToggle';
import { PausedChip } from './PausedChip';
import { ResumeButton } from './ResumeButton';

function KindChip({ kind }: { kind: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={kind === 'plus' ? 'secondary' : 'primary'}
      label={translate(`app.admin_packages.kinds.${kind}`, { _: kind })}
    />
  );
}

function ActiveChip({ active }: { active: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      label={translate(active ? 'app.admin_packages.on_sale' : 'app.admin_packages.off_sale')}
    />
  );
}

const dataOf = (r: RaRecord, unlimited: string) =>
  r.data_mb === null ? unlimited : formatBytes(r.data_mb * 1024 * 1024);

/** The catalog's packages of one kind (eSIM by default), searched, filtered and paged by the catalog. */
export default function PackageList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const nameOf = (r: RaRecord) => (locale === 'en' ? r.name_en : r.name_tr);
  const unlimited = translate('app.admin_packages.unlimited');
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('app.admin_packages.search')}
      sx={{ minWidth: { sm: 260 } }}
    />,
    <SelectInput
      key="kind"
      source="kind"
      label="app.admin_packages.kind"
      alwaysOn
      validate={required()}
      choices={PACKAGE_KINDS.map((kind) => ({ id: kind, name: translate(`app.admin_packages.kinds.${kind}`) }))}
    />,
    <SelectInput
      key="type"
      source="type"
      label="app.admin_packages.type"
      choices={PACKAGE_TYPES.map((type) => ({ id: type, name: translate(`app.admin_packages.types.${type}`) }))}
    />,
    <SelectInput
      key="active"
      source="active"
      label="app.admin_packages.sale_state"
      alwaysOn
      choices={[
        { id: 'true', name: translate('app.admin_packages.on_sale') },
        { id: 'false', name: translate('app.admin_packages.off_sale') },
      ]}
    />,
    <SelectInput
      key="paused"
      source="paused"
      label="app.paused_packages.filter"
      choices={[
        { id: 'true', name: translate('app.paused_packages.any') },
        { id: 'cost_above_price', name: translate('app.paused_packages.reasons.cost_above_price') },
        { id: 'offer_gone', name: translate('app.paused_packages.reasons.offer_gone') },
        { id: 'false', name: translate('app.paused_packages.none') },
      ]}
    />,
  ];
  return (
    <ListPage
      title={translate('app.menu.admin_packages')}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      filterDefaultValues={{ kind: 'esim' }}
      sort={{ field: 'code', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={
        <EmptyState
          title="app.admin_packages.empty"
          hint="app.admin_packages.empty_hint"
          to="/admin/packages/create"
          action="ra.action.create"
        />
      }
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick="edit"
            primaryText={(r: RaRecord) => nameOf(r)}
            secondaryText={(r: RaRecord) => (
              <>
                {[
                  r.code,
                  formatCountries(r.countries),
                  dataOf(r, unlimited),
                  translate('app.admin_packages.days', { smart_count: r.validity_days }),
                ].join(' · ')}
                <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                  <KindChip kind={r.kind} />
                  {r.active && r.paused_reason ? null : <ActiveChip active={r.active} />}
                  <PausedChip reason={r.paused_reason} />
                  <ActiveToggle record={r} />
                  <ResumeButton record={r} />
                </Stack>
              </>
            )}
            tertiaryText={(r: RaRecord) => formatEuro(r.retail_price)}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col
            source="code"
            label="app.admin_packages.code"
            render={(r: RaRecord) => <code style={{ whiteSpace: 'nowrap' }}>{r.code}</code>}
          />
          <DataTable.Col
            source={locale === 'en' ? 'name_en' : 'name_tr'}
            label="app.admin_packages.name"
            render={nameOf}
          />
          <DataTable.Col
            source="countries"
            label="app.admin_packages.countries"
            disableSort
            render={(r: RaRecord) => formatCountries(r.countries)}
          />
          <DataTable.Col
            source="kind"
            label="app.admin_packages.kind"
            disableSort
            render={(r: RaRecord) => <KindChip kind={r.kind} />}
          />
          <DataTable.Col
            source="type"
            label="app.admin_packages.type"
            render={(r: RaRecord) => translate(`app.admin_packages.types.${r.type}`)}
          />
          <DataTable.Col
            source="data_mb"
            label="app.admin_packages.data"
            align="right"
            render={(r: RaRecord) => dataOf(r, unlimited)}
          />
          <DataTable.Col
            source="validity_days"
            label="app.admin_packages.validity"
            align="right"
            render={(r: RaRecord) => translate('app.admin_packages.days', { smart_count: r.validity_days })}
          />
          <DataTable.Col
            source="retail_price"
            label="app.admin_packages.retail_price"
            align="right"
            render={(r: RaRecord) => formatEuro(r.retail_price)}
          />
          <DataTable.Col
            source="cost_price"
            label="app.admin_packages.cost_price"
            align="right"
            render={(r: RaRecord) => formatEuro(r.cost_price)}
          />
          <DataTable.Col
            source="active"
            label="app.admin_packages.sale_state"
            render={(r: RaRecord) => (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {/* A paused package is not on sale, whatever its switch says: its chip says why instead. */}
                {r.active && r.paused_reason ? null : <ActiveChip active={r.active} />}
                <PausedChip reason={r.paused_reason} />
              </Stack>
            )}
          />
          <DataTable.Col
            label="app.sm.actions"
            disableSort
            render={(r: RaRecord) => (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <ActiveToggle record={r} />
                <ResumeButton record={r} />
              </Stack>
            )}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
