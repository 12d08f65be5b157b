import type { ComponentProps } from 'react';
import { FilterButton, TopToolbar, useFilterContext } from 'react-admin';
import { ExportAllButton } from './ExportAllButton';

/** A list's toolbar as react-admin's default draws it (the filter button when it has filters), with the one export button. */
export function ExportActions(props: ComponentProps<typeof ExportAllButton>) {
  const filters = useFilterContext();
  return (
    <TopToolbar>
      {filters?.length ? <FilterButton /> : null}
      <ExportAllButton {...props} />
    </TopToolbar>
  );
}
