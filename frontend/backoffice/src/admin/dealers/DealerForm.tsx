import type { ReactElement } from 'react';
import { AutocompleteInput, ReferenceInput, SelectInput, SimpleForm, useTranslate } from 'react-admin';
import { accountStatusChoices } from '../../layout/accountStatus';
import { DealerContactInputs, DealerPasswordInput } from '../../layout/DealerContactInputs';

/** Blank optional fields are sent as null (cleared) rather than as empty strings the service would refuse. */
export const blanksAsNull = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value === '' ? null : value]));

/** What the auth service lets an admin change on a dealer (PUT /admin/dealers/:id); the rest of the record is not sent. */
const EDITABLE = [
  'full_name',
  'email',
  'company_name',
  'tax_number',
  'tax_office',
  'phone',
  'address',
  'sales_manager_id',
  'status',
] as const;
export const editableFields = (data: Record<string, unknown>) =>
  blanksAsNull(Object.fromEntries(EDITABLE.filter((key) => key in data).map((key) => [key, data[key]])));

/** The dealer's fields, the sales manager they belong to and their status; a password only when creating. */
export function DealerForm({ creating, toolbar }: { creating?: boolean; toolbar?: ReactElement }) {
  const translate = useTranslate();
  return (
    <SimpleForm toolbar={toolbar}>
      <DealerContactInputs />
      <ReferenceInput
        source="sales_manager_id"
        reference="admin/sales-managers"
        perPage={100}
        sort={{ field: 'full_name', order: 'ASC' }}
      >
        <AutocompleteInput
          label="app.admin_dealers.sales_manager"
          optionText="full_name"
          filterToQuery={(q: string) => ({ q })}
          fullWidth
        />
      </ReferenceInput>
      <SelectInput
        source="status"
        label="app.sm.status"
        defaultValue={creating ? 'active' : undefined}
        choices={accountStatusChoices(translate)}
      />
      {creating ? <DealerPasswordInput /> : null}
    </SimpleForm>
  );
}
