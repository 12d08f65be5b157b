import type { ReactElement } from 'react';
import { DateInput } from './filterInputs';

/** From and to (Istanbul days, both included): the date range every list's API takes as start_date and end_date. */
export const dateRangeFilters = ({ alwaysOn = false }: { alwaysOn?: boolean } = {}): ReactElement[] => [
  <DateInput key="start_date" source="start_date" label="app.transactions.start_date" alwaysOn={alwaysOn} />,
  <DateInput key="end_date" source="end_date" label="app.transactions.end_date" alwaysOn={alwaysOn} />,
];
