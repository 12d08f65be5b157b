import { AutocompleteInput, ReferenceInput } from '../../layout/filterInputs';

/** The list filter "by sales manager" (dealers, collection logs): picked by name, sent as `sales_manager_id`. */
export const salesManagerFilter = () => (
  <ReferenceInput
    key="sales_manager_id"
    source="sales_manager_id"
    reference="admin/sales-managers"
    alwaysOn
    sort={{ field: 'full_name', order: 'ASC' }}
  >
    <AutocompleteInput
      label="app.admin_dealers.sales_manager"
      optionText="full_name"
      filterToQuery={(q: string) => ({ q })}
      sx={{ minWidth: 220 }}
    />
  </ReferenceInput>
);
