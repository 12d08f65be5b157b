import Box from '@mui/material/Box';
import { useLocation } from 'react-router';
import { useRouteProgress } from './progress';

/** 3 px bar at the top of the window on every route change. */
export function ProgressBar({ duration = 300 }: { duration?: number }) {
  const { pathname } = useLocation();
  const { value, visible } = useRouteProgress(pathname, duration);
  return (
    <Box
      role="progressbar"
      aria-hidden={!visible}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      data-visible={visible}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        width: `${value}%`,
        bgcolor: 'secondary.main',
        zIndex: 2000,
        opacity: visible ? 1 : 0,
        transition: 'width 100ms linear, opacity 150ms ease',
        pointerEvents: 'none',
      }}
    />
  );
}
