import { Create, useTranslate } from 'react-admin';
import { PackageForm, packagePayload } from './PackageForm';

/** A new package; the catalog checks every field and the rules across them (a local package covers one country). */
export default function PackageCreate() {
  const translate = useTranslate();
  return (
    <Create
      title={translate('app.admin_packages.create_title')}
      redirect="list"
      transform={(data) => packagePayload(data, { creating: true })}
    >
      <PackageForm creating />
    </Create>
  );
}
