import CreditCardIcon from '@mui/icons-material/CreditCard';
import { lazyScreen } from '../../lazy';

/** Card payments for the admin: every deposit paid (or tried) by card, and the refund of an unspent one. */
export default {
  list: lazyScreen(() => import('./PaymentList')),
  icon: CreditCardIcon,
  recordRepresentation: (record: { provider_payment_id?: string | null; id: string }) =>
    record.provider_payment_id ?? record.id,
};
