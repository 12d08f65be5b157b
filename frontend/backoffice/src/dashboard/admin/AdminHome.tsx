import { Grid } from '@mui/material';
import { HomePage } from '../HomePage';
import { AdminFigures } from './AdminFigures';
import { LowStock } from './LowStock';
import SalesChart from './SalesChart';
import { Suppliers } from './Suppliers';

/** The admin's home: what waits for a decision, sales, money out with dealers and sales managers, stock running low, the suppliers. */
export default function AdminHome() {
  return (
    <HomePage figures={<AdminFigures />}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <SalesChart />
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <LowStock />
      </Grid>
      <Grid size={12}>
        <Suppliers />
      </Grid>
    </HomePage>
  );
}
