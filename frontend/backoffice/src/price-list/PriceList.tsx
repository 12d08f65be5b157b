import { Chip } from '@mui/material';
import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../layout/ListPage';
import { SearchInput, SelectInput } from '../layout/filterInputs';
import { EmptyState } from '../layout/EmptyState';
import { PhoneOr } from '../layout/PhoneList';
import { formatCountries, formatEuro } from '../format';

const countries = (r: RaRecord) => formatCountries(r.countries);

/** What the caller pays, marked when it is the dealer's own price. */
function YourPrice({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <>
      <strong>{formatEuro(record.price)}</strong>
      {record.price_source === 'dealer' ? (
        <Chip size="small" color="primary" sx={{ ml: 1 }} label={translate('app.price_list.dealer_price')} />
      ) : null}
    </>
  );
}

/** Every package with the caller's price; a dealer sees which prices are their own. */
export default function PriceList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.price_list.search')} />,
    <SelectInput
      key="type"
      source="type"
      label="app.price_list.type"
      alwaysOn
      choices={[
        { id: 'local', name: translate('app.price_list.types.local') },
        { id: 'regional', name: translate('app.price_list.types.regional') },
        { id: 'global', name: translate('app.price_list.types.global') },
      ]}
    />,
  ];
  return (
    <ListPage
      title={translate('app.menu.price_list')}
      filters={filters}
      // Every filter is always shown: no toolbar of buttons (an empty band above the filters on a phone).
      actions={false}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={<EmptyState title="app.price_list.empty" hint="app.price_list.empty_hint" />}
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick={false}
            primaryText={(r: RaRecord) => r.name}
            secondaryText={(r: RaRecord) =>
              `${r.data} · ${translate('app.price_list.days', { smart_count: r.duration ?? 0 })} · ${countries(r)}`
            }
            tertiaryText={(r: RaRecord) => <YourPrice record={r} />}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="name" label="app.price_list.name" />
          <DataTable.Col source="countries" label="app.price_list.countries" disableSort render={countries} />
          <DataTable.Col source="data" label="app.price_list.data" disableSort />
          <DataTable.Col
            source="duration"
            label="app.price_list.validity"
            render={(r: RaRecord) => translate('app.price_list.days', { smart_count: r.duration ?? 0 })}
          />
          <DataTable.Col
            source="retail_price"
            label="app.price_list.retail_price"
            align="right"
            render={(r: RaRecord) => formatEuro(r.retail_price)}
          />
          <DataTable.Col
            source="price"
            label="app.price_list.your_price"
            align="right"
            render={(r: RaRecord) => <YourPrice record={r} />}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
