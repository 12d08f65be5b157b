import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** Label / value rows of a show page. */
export function DetailsTable({ rows }: { rows: Array<[string, ReactNode]> }) {
  const translate = useTranslate();
  return (
    <Table size="small">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" sx={{ color: 'text.secondary', width: '40%' }}>
              {translate(label)}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>
              {value === null || value === undefined || value === '' ? '—' : value}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
