import { Edit, SaveButton, Toolbar, useTranslate } from 'react-admin';
import { PackageForm, packagePayload } from './PackageForm';

/** A package's fields and prices; saved when the catalog accepts them, and the storefront shows them on its next load. */
export default function PackageEdit() {
  const translate = useTranslate();
  return (
    <Edit
      title={translate('app.admin_packages.edit_title')}
      mutationMode="pessimistic"
      redirect="list"
      transform={(data) => packagePayload(data)}
    >
      {/* Save only: the service's DELETE is taking a package off sale, which the form's switch and the list already do in those words. */}
      <PackageForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      />
    </Edit>
  );
}
