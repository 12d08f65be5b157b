import { Create, email, PasswordInput, required, SimpleForm, TextInput, useTranslate } from 'react-admin';

/** Blank optional fields are left out rather than sent as empty strings the service would refuse. */
const withoutBlanks = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== '' && value !== null && value !== undefined));

/**
 * A new dealer assigned to the calling sales manager. The auth service checks every field; its
 * messages land on the fields (the httpClient maps them), e.g. an email already in use.
 */
export default function DealerCreate() {
  const translate = useTranslate();
  return (
    <Create title={translate('app.sm.create_dealer')} redirect="list" transform={withoutBlanks}>
      <SimpleForm>
        <TextInput source="company_name" label="app.sm.company_name" validate={required()} fullWidth />
        <TextInput source="full_name" label="app.sm.full_name" validate={required()} fullWidth />
        <TextInput source="email" label="app.sm.email" type="email" validate={[required(), email()]} fullWidth />
        <TextInput source="phone" label="app.sm.phone" fullWidth />
        <TextInput source="tax_number" label="app.sm.tax_number" fullWidth />
        <TextInput source="address" label="app.sm.address" multiline fullWidth />
        <PasswordInput source="password" label="app.sm.password" helperText="app.sm.password_hint" fullWidth />
      </SimpleForm>
    </Create>
  );
}
