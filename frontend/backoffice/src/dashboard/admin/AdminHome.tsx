import { Grid } from '@mui/material';
import { HomeBankDetailsWarning } from '../../admin/shop-settings/BankDetailsWarning';
import { HomePage } from '../HomePage';
import { AdminFigures } from './AdminFigures';
import { LowStock } from './LowStock';
import SalesChart from './SalesChart';
import { Suppliers } from './Suppliers';

/**
 * The admin's home: what waits for a decision, a warning while customers cannot add funds by bank transfer,
 * sales, money out with dealers and sales managers, stock running low, the suppliers.
 */
export default function AdminHome() {
  return (
    <HomePage figures={<AdminFigures />}>
      <HomeBankDetailsWarning />
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
