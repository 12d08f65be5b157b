import { DataTable, type DataTableColumnProps, type RaRecord } from 'react-admin';
import { formatCents, formatDate } from '../format';
import { AccountName } from './AccountName';

type ColumnProps = Omit<DataTableColumnProps, 'render' | 'children' | 'source'> & { source?: string };

/** A money column, right-aligned; sortable only when it names the field the service sorts by. */
export function MoneyCol({
  cents,
  ...props
}: ColumnProps & { cents: (record: RaRecord) => number | null | undefined }) {
  return (
    <DataTable.Col
      align="right"
      disableSort={!props.source}
      {...props}
      render={(r: RaRecord) => formatCents(cents(r))}
    />
  );
}

/** A date and time column ('—' when there is none); by default the date is the record's `source` field. */
export function DateCol({ date, ...props }: ColumnProps & { date?: (record: RaRecord) => string | null | undefined }) {
  return (
    <DataTable.Col
      disableSort={!props.source}
      {...props}
      render={(r: RaRecord) => formatDate(date ? date(r) : props.source ? r[props.source] : undefined)}
    />
  );
}

/** The account a payment or deposit belongs to (name and e-mail), as the balance service joined it. */
export function AccountCol({ label }: { label: string }) {
  return <DataTable.Col label={label} disableSort render={(r: RaRecord) => <AccountName record={r} />} />;
}
