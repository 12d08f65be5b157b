import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { AdminCardStatusChip } from '../physical-sim-stock/cardStatus';

export interface CardLine {
  id: string;
  serial_number: string;
  iccid: string;
  package_name: string;
  status: string;
}

/** The cards of an order or a return, each opening its page in the stock. */
export function CardsTable({ cards, empty }: { cards: readonly CardLine[]; empty: string }) {
  const translate = useTranslate();
  if (cards.length === 0) return <Typography color="text.secondary">{translate(empty)}</Typography>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.physical_sim.serial')}</TableCell>
          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate('app.orders.iccid')}</TableCell>
          <TableCell>{translate('app.psim_approvals.status')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {cards.map((card) => (
          <TableRow key={card.id}>
            <TableCell>
              <Link to={`/admin/physical-sim-stock/${card.id}/show`}>{card.serial_number}</Link>
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', display: { xs: 'none', sm: 'table-cell' } }}>
              {card.iccid}
            </TableCell>
            <TableCell>
              <AdminCardStatusChip status={card.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
