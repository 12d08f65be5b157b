import {
  Edit,
  email,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';

/** Only the fields the service takes; an emptied phone or region is sent as empty, which clears it. */
const editableFields = (record: RaRecord) => ({
  full_name: record.full_name,
  email: record.email,
  phone: record.phone ?? '',
  region: record.region ?? '',
});

/** A sales manager's name, e-mail, phone and region; the auth service's messages land under the fields. */
export default function SalesManagerEdit() {
  const translate = useTranslate();
  return (
    <Edit
      title={translate('app.admin_sm.edit_title')}
      mutationMode="pessimistic"
      transform={editableFields}
      redirect="show"
    >
      {/* Save only: the auth service has no delete for a sales manager (suspend them instead). */}
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextInput source="full_name" label="app.sm.full_name" validate={required()} fullWidth />
        <TextInput source="email" label="app.sm.email" type="email" validate={[required(), email()]} fullWidth />
        <TextInput source="phone" label="app.sm.phone" fullWidth />
        <TextInput source="region" label="app.admin_sm.region" fullWidth />
      </SimpleForm>
    </Edit>
  );
}
