import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import { Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A package that stopped selling on its own: its supplier's cost rose above its price, or its offer is gone. Nothing when it sells. */
export function PausedChip({ reason }: { reason: string | null | undefined }) {
  const translate = useTranslate();
  if (!reason) return null;
  return (
    <Tooltip title={translate(`app.paused_packages.reasons_hint.${reason}`, { _: '' })}>
      <Chip
        size="small"
        color="warning"
        icon={<PauseCircleIcon />}
        label={translate(`app.paused_packages.reasons.${reason}`, { _: reason })}
      />
    </Tooltip>
  );
}
