import { Create, useTranslate } from 'react-admin';
import { withoutBlanks } from '../../layout/withoutBlanks';
import { DealerForm } from './DealerForm';

/** A new dealer; the auth service checks every field and its messages land under the fields (e.g. an e-mail in use). */
export default function DealerCreate() {
  const translate = useTranslate();
  return (
    <Create title={translate('app.sm.create_dealer')} redirect="show" transform={withoutBlanks}>
      <DealerForm creating />
    </Create>
  );
}
