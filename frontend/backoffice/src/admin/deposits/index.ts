import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { lazyScreen } from '../../lazy';

/** Bank-transfer deposits for the admin: confirm the money arrived or reject with a reason; the decided ones by status. */
export default {
  list: lazyScreen(() => import('./DepositList')),
  icon: AccountBalanceIcon,
  recordRepresentation: (record: { reference_code?: string; id: string }) => record.reference_code ?? record.id,
};
