import { DeleteWithConfirmButton, Edit, SaveButton, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { DealerForm, editableFields } from './DealerForm';

/** Deleting waits for the service (pessimistic): a dealer holding money or stock is refused, and its message is shown as it is. */
export function DeleteDealerButton() {
  const record = useRecordContext();
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      redirect="list"
      confirmTitle="app.admin_dealers.delete_title"
      confirmContent="app.admin_dealers.delete_body"
      translateOptions={{ name: record?.company_name || record?.full_name || '' }}
    />
  );
}

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteDealerButton />
  </Toolbar>
);

/** A dealer's fields, sales manager and status; only the fields the service takes are sent. */
export default function DealerEdit() {
  const translate = useTranslate();
  return (
    <Edit
      title={translate('app.admin_dealers.edit_title')}
      mutationMode="pessimistic"
      transform={editableFields}
      redirect="show"
    >
      <DealerForm toolbar={<EditToolbar />} />
    </Edit>
  );
}
