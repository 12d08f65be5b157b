import { canAccess, type Role } from '@esim/contracts';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import BadgeIcon from '@mui/icons-material/Badge';
import BarChartIcon from '@mui/icons-material/BarChart';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import MailIcon from '@mui/icons-material/Mail';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SimCardIcon from '@mui/icons-material/SimCard';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import WebhookIcon from '@mui/icons-material/Webhook';
import StorageIcon from '@mui/icons-material/Storage';
import ReceiptIcon from '@mui/icons-material/Receipt';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import DescriptionIcon from '@mui/icons-material/Description';
import CategoryIcon from '@mui/icons-material/Category';
import PublicIcon from '@mui/icons-material/Public';
import StorefrontIcon from '@mui/icons-material/Storefront';
import StoreIcon from '@mui/icons-material/Store';
import TuneIcon from '@mui/icons-material/Tune';
import { Badge } from '@mui/material';
import { Menu as RaMenu, usePermissions, useTranslate } from 'react-admin';
import { usePendingCount } from '../providers/pendingCounts';
import { useIsDealer } from './Guard';
import { MENU, type MenuEntry } from './menuItems';

const ICONS = {
  dashboard: DashboardIcon,
  orders: SimCardIcon,
  balance: AccountBalanceWalletIcon,
  transactions: ReceiptLongIcon,
  statements: RequestQuoteIcon,
  apiKeys: KeyIcon,
  webhooks: WebhookIcon,
  priceList: LocalOfferIcon,
  simPurchase: ShoppingCartIcon,
  simStock: Inventory2Icon,
  simReturn: KeyboardReturnIcon,
  simImport: UploadFileIcon,
  stockChart: BarChartIcon,
  dealers: PeopleIcon,
  salesManagers: BadgeIcon,
  customers: GroupIcon,
  collection: PaymentsIcon,
  deposits: AccountBalanceIcon,
  cardPayments: CreditCardIcon,
  messages: MailIcon,
  invoices: DescriptionIcon,
  auditLog: HistoryIcon,
  esimPool: StorageIcon,
  esimOrders: ReceiptIcon,
  packages: CategoryIcon,
  countries: PublicIcon,
  supplierOffers: StorefrontIcon,
  catalogSettings: TuneIcon,
  shopSettings: StoreIcon,
  settings: SettingsIcon,
} as const;

/**
 * The menu entries of a role: those it may open (the same `canAccess` the routes and the services use)
 * and that belong in its menu; the dealers-only ones (Plus cards) for a dealer only.
 */
export const visibleMenu = (role: Role | null | undefined, { dealer = false }: { dealer?: boolean } = {}) =>
  MENU.filter(
    (entry) =>
      canAccess(role, entry.permission, 'read') &&
      (!entry.menuOf || (!!role && entry.menuOf.includes(role))) &&
      (!entry.dealersOnly || dealer),
  );

/** An entry's icon, with the count of what waits there as a badge (on the icon, so a folded menu shows it too). */
function EntryIcon({ entry, label }: { entry: MenuEntry; label: string }) {
  const count = usePendingCount(entry.badge?.resource, entry.badge?.filter);
  const Icon = ICONS[entry.icon as keyof typeof ICONS];
  if (!entry.badge) return <Icon />;
  return (
    <Badge
      badgeContent={count}
      color="error"
      max={999}
      slotProps={{ badge: { 'aria-label': `${label}: ${count ?? 0}` } as object }}
    >
      <Icon />
    </Badge>
  );
}

export function Menu() {
  const { permissions: role, isPending } = usePermissions<Role>();
  const dealer = useIsDealer();
  const translate = useTranslate();
  if (isPending || dealer.isPending) return <RaMenu />;
  return (
    <RaMenu>
      {visibleMenu(role, { dealer: dealer.isDealer }).map((entry) => {
        const label = translate(entry.label);
        return (
          <RaMenu.Item
            key={entry.to}
            to={entry.to}
            primaryText={label}
            leftIcon={<EntryIcon entry={entry} label={label} />}
          />
        );
      })}
    </RaMenu>
  );
}
