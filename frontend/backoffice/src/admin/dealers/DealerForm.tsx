import type { ReactElement } from 'react';
import { AutocompleteInput, email, PasswordInput, ReferenceInput, required, SelectInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { accountStatusChoices } from '../../layout/accountStatus';

/** Blank optional fields are sent as null (cleared) rather than as empty strings the service would refuse. */
export const blanksAsNull = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value === '' ? null : value]));

/** What the auth service lets an admin change on a dealer (PUT /admin/dealers/:id); the rest of the record is not sent. */
const EDITABLE = ['full_name', 'email', 'company_name', 'tax_number', 'phone', 'address', 'sales_manager_id', 'status'] as const;
export const editableFields = (data: Record<string, unknown>) => blanksAsNull(Object.fromEntries(EDITABLE.filter((key) => key in data).map((key) => [key, data[key]])));

/** A new dealer leaves out blank optional fields (no password: the dealer is e-mailed a set-password link). */
export const withoutBlanks = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== '' && value !== null && value !== undefined));

/** The dealer's fields, the sales manager they belong to and their status; a password only when creating. */
export function DealerForm({ creating, toolbar }: { creating?: boolean; toolbar?: ReactElement }) {
  const translate = useTranslate();
  return (
    <SimpleForm toolbar={toolbar}>
      <TextInput source="company_name" label="app.sm.company_name" validate={required()} fullWidth />
      <TextInput source="full_name" label="app.sm.full_name" validate={required()} fullWidth />
      <TextInput source="email" label="app.sm.email" type="email" validate={[required(), email()]} fullWidth />
      <TextInput source="phone" label="app.sm.phone" fullWidth />
      <TextInput source="tax_number" label="app.sm.tax_number" fullWidth />
      <TextInput source="address" label="app.sm.address" multiline fullWidth />
      <ReferenceInput source="sales_manager_id" reference="admin/sales-managers" perPage={100} sort={{ field: 'full_name', order: 'ASC' }}>
        <AutocompleteInput label="app.admin_dealers.sales_manager" optionText="full_name" filterToQuery={(q: string) => ({ q })} fullWidth />
      </ReferenceInput>
      <SelectInput
        source="status"
        label="app.sm.status"
        defaultValue={creating ? 'active' : undefined}
        choices={accountStatusChoices(translate)}
      />
      {creating ? <PasswordInput source="password" label="app.sm.password" helperText="app.sm.password_hint" fullWidth /> : null}
    </SimpleForm>
  );
}
