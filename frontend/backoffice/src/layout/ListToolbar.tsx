import type { ReactElement } from 'react';
import { ListActions, ListToolbar as RaListToolbar } from 'react-admin';

/** react-admin's list toolbar: the filter form, and the page's actions or the default ones. */
export default function ListToolbar({
  filters,
  actions,
}: {
  filters?: ReactElement[];
  actions?: ReactElement | false;
}) {
  return (
    <RaListToolbar
      filters={filters?.length ? filters : undefined}
      actions={actions === false ? undefined : (actions ?? <ListActions />)}
    />
  );
}
