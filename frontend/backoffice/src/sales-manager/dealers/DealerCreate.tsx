import { Create, SimpleForm, useTranslate } from 'react-admin';
import { DealerContactInputs, DealerPasswordInput } from '../../layout/DealerContactInputs';
import { withoutBlanks } from '../../layout/withoutBlanks';

/**
 * A new dealer assigned to the calling sales manager. The auth service checks every field; its
 * messages land on the fields (the httpClient maps them), e.g. an email already in use.
 */
export default function DealerCreate() {
  const translate = useTranslate();
  return (
    <Create title={translate('app.sm.create_dealer')} redirect="list" transform={withoutBlanks}>
      <SimpleForm>
        <DealerContactInputs />
        <DealerPasswordInput />
      </SimpleForm>
    </Create>
  );
}
