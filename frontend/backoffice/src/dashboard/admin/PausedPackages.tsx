import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import { useTranslate } from 'react-admin';
import { usePendingCount } from '../../providers/pendingCounts';
import { StatCard } from '../StatCard';

/** The packages list filtered to what this card counts: eSIM packages on sale but paused for their cost. */
const FILTER = { kind: 'esim', active: true, paused: 'cost_above_price' } as const;
export const PAUSED_PACKAGES_LINK = `/admin/packages?filter=${encodeURIComponent(JSON.stringify(FILTER))}`;

/** How many packages stopped selling because their supplier's cost rose above their price, linked to them. */
export function PausedPackages() {
  const translate = useTranslate();
  const count = usePendingCount('admin/packages', FILTER);
  return (
    <StatCard
      icon={PauseCircleIcon}
      label={translate('app.paused_packages.home_label')}
      value={count}
      hint={count === undefined ? undefined : translate('app.paused_packages.home_hint', { smart_count: count })}
      to={PAUSED_PACKAGES_LINK}
    />
  );
}
