import { Chip } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, useTranslate, type RaRecord } from 'react-admin';
import { EmptyState } from '../layout/EmptyState';
import { formatEuro } from '../format';

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
    <List
      title={translate('app.menu.price_list')}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={<EmptyState title="app.price_list.empty" hint="app.price_list.empty_hint" />}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="name" label="app.price_list.name" />
        <DataTable.Col
          source="countries"
          label="app.price_list.countries"
          disableSort
          render={(r: RaRecord) => (Array.isArray(r.countries) ? r.countries.slice(0, 6).join(', ') + (r.countries.length > 6 ? ` +${r.countries.length - 6}` : '') : '')}
        />
        <DataTable.Col source="data" label="app.price_list.data" disableSort />
        <DataTable.Col source="duration" label="app.price_list.validity" render={(r: RaRecord) => translate("app.price_list.days", { smart_count: r.duration ?? 0 })} />
        <DataTable.Col source="retail_price" label="app.price_list.retail_price" align="right" render={(r: RaRecord) => formatEuro(r.retail_price)} />
        <DataTable.Col
          source="price"
          label="app.price_list.your_price"
          align="right"
          render={(r: RaRecord) => (
            <>
              <strong>{formatEuro(r.price)}</strong>
              {r.price_source === 'dealer' ? <Chip size="small" color="primary" sx={{ ml: 1 }} label={translate('app.price_list.dealer_price')} /> : null}
            </>
          )}
        />
      </DataTable>
    </List>
  );
}
