import { COVERAGE_STATUSES, REGIONS } from '@esim/contracts';
import { DataTable, SimpleList, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SearchInput, SelectInput } from '../../layout/filterInputs';
import { formatEuro } from '../../format';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { CoverageChip } from './CoverageChip';

/** Every country of the shop with its coverage and home-page order; a row opens its settings. */
export default function CountryList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const nameField = locale === 'en' ? 'name_en' : 'name_tr';
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.admin_countries.search')} />,
    <SelectInput
      key="coverage_status"
      source="coverage_status"
      label="app.admin_countries.coverage_status"
      alwaysOn
      choices={COVERAGE_STATUSES.map((s) => ({ id: s, name: translate(`app.admin_countries.coverage.${s}`) }))}
    />,
    <SelectInput
      key="region"
      source="region"
      label="app.admin_countries.region"
      choices={REGIONS.map((r) => ({ id: r, name: translate(`app.admin_countries.regions.${r}`) }))}
    />,
    <SelectInput
      key="featured"
      source="featured"
      label="app.admin_countries.featured"
      choices={[
        { id: 'true', name: translate('app.admin_countries.featured_yes') },
        { id: 'false', name: translate('app.admin_countries.featured_no') },
      ]}
    />,
  ];
  return (
    <ListPage
      title={translate('app.menu.admin_countries')}
      filters={filters}
      sort={{ field: nameField, order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={<EmptyState title="app.admin_countries.empty" hint="app.admin_countries.empty_hint" />}
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick="edit"
            primaryText={(r: RaRecord) => `${r[nameField]} (${r.code})`}
            secondaryText={(r: RaRecord) =>
              [
                translate(`app.admin_countries.coverage.${r.coverage_status}`),
                r.daily_price === null
                  ? null
                  : translate('app.admin_countries.per_day', { price: formatEuro(r.daily_price) }),
                r.speed,
              ]
                .filter(Boolean)
                .join(' · ')
            }
            tertiaryText={(r: RaRecord) => (r.featured_order ? `#${r.featured_order}` : '')}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col source={nameField} label="app.admin_countries.name" />
          <DataTable.Col source="code" label="app.admin_countries.code" />
          <DataTable.Col
            source="region"
            label="app.admin_countries.region"
            render={(r: RaRecord) => translate(`app.admin_countries.regions.${r.region}`, { _: r.region })}
          />
          <DataTable.Col
            source="coverage_status"
            label="app.admin_countries.coverage_status"
            render={(r: RaRecord) => <CoverageChip status={r.coverage_status} />}
          />
          <DataTable.Col
            source="daily_price"
            label="app.admin_countries.daily_price"
            align="right"
            render={(r: RaRecord) => formatEuro(r.daily_price)}
          />
          <DataTable.Col
            source="speed"
            label="app.admin_countries.speed"
            disableSort
            render={(r: RaRecord) => r.speed ?? '—'}
          />
          <DataTable.Col
            source="featured_order"
            label="app.admin_countries.featured_order"
            align="right"
            render={(r: RaRecord) => r.featured_order ?? '—'}
          />
          <DataTable.Col
            source="quick_order"
            label="app.admin_countries.quick_order"
            align="right"
            render={(r: RaRecord) => r.quick_order ?? '—'}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
