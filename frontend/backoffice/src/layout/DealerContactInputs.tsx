import { email, PasswordInput, required, TextInput } from 'react-admin';

/** A dealer's company and contact fields, as both the admin and a sales manager fill them in. */
export function DealerContactInputs() {
  return (
    <>
      <TextInput source="company_name" label="app.sm.company_name" validate={required()} fullWidth />
      <TextInput source="full_name" label="app.sm.full_name" validate={required()} fullWidth />
      <TextInput source="email" label="app.sm.email" type="email" validate={[required(), email()]} fullWidth />
      <TextInput source="phone" label="app.sm.phone" fullWidth />
      <TextInput source="tax_number" label="app.sm.tax_number" fullWidth />
      <TextInput source="tax_office" label="app.sm.tax_office" fullWidth />
      <TextInput source="address" label="app.sm.address" multiline fullWidth />
    </>
  );
}

/** The new dealer's first password (optional: without one the dealer is e-mailed a set-password link). */
export const DealerPasswordInput = () => (
  <PasswordInput source="password" label="app.sm.password" helperText="app.sm.password_hint" fullWidth />
);
