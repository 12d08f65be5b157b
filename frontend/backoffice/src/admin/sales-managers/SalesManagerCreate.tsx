import { Create, email, PasswordInput, required, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { withoutBlanks } from '../../layout/withoutBlanks';

/** A new sales manager; without a password they are e-mailed a set-password link. The auth service's messages land under the fields. */
export default function SalesManagerCreate() {
  const translate = useTranslate();
  return (
    <Create title={translate('app.admin_sm.create')} redirect="list" transform={withoutBlanks}>
      <SimpleForm>
        <TextInput source="full_name" label="app.sm.full_name" validate={required()} fullWidth />
        <TextInput source="email" label="app.sm.email" type="email" validate={[required(), email()]} fullWidth />
        <TextInput source="phone" label="app.sm.phone" fullWidth />
        <TextInput source="region" label="app.admin_sm.region" fullWidth />
        <PasswordInput source="password" label="app.sm.password" helperText="app.admin_sm.password_hint" fullWidth />
      </SimpleForm>
    </Create>
  );
}
