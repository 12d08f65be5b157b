import type { ReactNode } from 'react';
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
  children: ReactNode;
}

/** A list of dealer or sales-manager accounts: search and status filters, a create button, 25 a page, no export. */
export function AccountListPage({
  title,
  searchPlaceholder,
  allText,
  sortField,
  empty,
  children,
}: AccountListPageProps) {
  const translate = useTranslate();
  return (
    <ListPage
      title={translate(title)}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      sort={{ field: sortField, order: 'ASC' }}
      perPage={25}
      exporter={false}
      filters={accountFilters(translate, { searchPlaceholder, allText })}
      empty={<EmptyState title={empty.title} hint={empty.hint} to={empty.createTo} action={empty.createLabel} />}
    >
      {children}
    </ListPage>
  );
}
