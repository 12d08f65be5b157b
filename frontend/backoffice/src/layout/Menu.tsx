import { canAccess, type Role } from '@esim/contracts';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import DashboardIcon from '@mui/icons-material/Dashboard';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SimCardIcon from '@mui/icons-material/SimCard';
import { Menu as RaMenu, usePermissions, useTranslate } from 'react-admin';
import { MENU } from './menuItems';

const ICONS = {
  dashboard: DashboardIcon,
  orders: SimCardIcon,
  balance: AccountBalanceWalletIcon,
  transactions: ReceiptLongIcon,
  priceList: LocalOfferIcon,
  simPurchase: ShoppingCartIcon,
  simStock: Inventory2Icon,
  simReturn: KeyboardReturnIcon,
  dealers: PeopleIcon,
  collection: PaymentsIcon,
  settings: SettingsIcon,
} as const;

/** The menu entries a role may see (the same `canAccess` the routes and the services use). */
export const visibleMenu = (role: Role | null | undefined) => MENU.filter((entry) => canAccess(role, entry.permission, 'read'));

export function Menu() {
  const { permissions: role, isPending } = usePermissions<Role>();
  const translate = useTranslate();
  if (isPending) return <RaMenu />;
  return (
    <RaMenu>
      {visibleMenu(role).map((entry) => {
        const Icon = ICONS[entry.icon as keyof typeof ICONS];
        return <RaMenu.Item key={entry.to} to={entry.to} primaryText={translate(entry.label)} leftIcon={<Icon />} />;
      })}
    </RaMenu>
  );
}
