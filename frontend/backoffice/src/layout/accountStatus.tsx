import { Chip } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { SearchInput, SelectInput } from './filterInputs';

/** The statuses the auth service gives dealers and sales managers. */
export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;

export const accountStatusChoices = (translate: (key: string) => string) =>
  ACCOUNT_STATUSES.map((s) => ({ id: s, name: translate(`app.sm.statuses.${s}`) }));

/** An account's status; a suspended one is grey. */
export function AccountStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={status === 'active' ? 'success' : 'default'}
      label={translate(`app.sm.statuses.${status}`, { _: status })}
    />
  );
}

/** Search and status, the filters of every list of accounts; `allText` names the empty choice, which sends no status. */
export function accountFilters(
  translate: (key: string) => string,
  { searchPlaceholder, allText }: { searchPlaceholder: string; allText?: string },
): ReactElement[] {
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate(searchPlaceholder)}
      sx={{ minWidth: { sm: 300 } }}
    />,
    <SelectInput
      key="status"
      source="status"
      label="app.sm.status"
      alwaysOn
      {...(allText ? { emptyText: allText } : {})}
      choices={accountStatusChoices(translate)}
    />,
  ];
}
