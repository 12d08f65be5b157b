import type { ReactElement, ReactNode } from 'react';
import { CreateButton, TopToolbar, useTranslate } from 'react-admin';
import { accountFilters } from './accountStatus';
import { EmptyState } from './EmptyState';
import { ListPage } from './ListPage';

export interface AccountListPageProps {
  /** Translation keys of the page's title and the search box's placeholder. */
  title: string;
  searchPlaceholder: string;
  /** Names the status filter's empty choice (every status); without it the filter has none. */
  allText?: string;
  /** The field the accounts are sorted by, A to Z. */
  sortField: string;
  /** The empty state: what the list would hold, and the create page with its button's label. */
  empty: { title: string; hint: string; createTo: string; createLabel: string };
  /** The list's export (an ExportAllButton with its columns); none without it. */
  exportButton?: ReactElement;
  /** The list's filters when it has more than search and status (they start with `accountFilters`). */
  filters?: ReactElement[];
  children: ReactNode;
}

/** A list of dealer or sales-manager accounts: search and status filters, a create button, 25 a page, and the export it is given. */
export function AccountListPage({
  title,
  searchPlaceholder,
  allText,
  sortField,
  empty,
  exportButton,
  filters,
  children,
}: AccountListPageProps) {
  const translate = useTranslate();
  return (
    <ListPage
      title={translate(title)}
      actions={
        <TopToolbar>
          <CreateButton />
          {exportButton}
        </TopToolbar>
      }
      sort={{ field: sortField, order: 'ASC' }}
      perPage={25}
      exporter={false}
      filters={filters ?? accountFilters(translate, { searchPlaceholder, allText })}
      empty={<EmptyState title={empty.title} hint={empty.hint} to={empty.createTo} action={empty.createLabel} />}
    >
      {children}
    </ListPage>
  );
}
